#pragma once

// The messages of Xylem's allreduce runtime between a proxy's stub (on the child's host) and the
// service thread that continues the path on the parent's host.

#include "core/model/result.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace xylem::protocol {

inline constexpr std::uint32_t kMaxAllreduceValues = 1u << 20; // 8 MiB messages at most

struct PathHelloMessage
{
    std::string token;        // the run's token: a connection from another run is refused
    std::uint32_t tree = 0;   // which tree instance (gsum alternates between two)
    std::uint32_t proxy = 0;  // the proxy wrapper whose path this connection carries
};

struct AllreduceMessage
{
    std::int64_t seq = 0;
    std::vector<std::int64_t> values;
};

std::vector<std::uint8_t> encode(const PathHelloMessage& m);
std::vector<std::uint8_t> encode(const AllreduceMessage& m);
Result<PathHelloMessage> decodePathHello(std::span<const std::uint8_t> payload);
Result<AllreduceMessage> decodeAllreduce(std::span<const std::uint8_t> payload);

} // namespace xylem::protocol
