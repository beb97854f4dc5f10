#pragma once

// The messages of Xylem's allreduce runtime between a proxy's stub (on the child's host) and the
// service thread that continues the path on the parent's host.

#include "core/model/result.h"
#include "core/protocol/handshake.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace xylem::protocol {

inline constexpr std::uint32_t kMaxAllreduceValues = 1u << 20; // 8 MiB messages at most

// The handshake (core/protocol/handshake.h): the stub's hello, the host's challenge, the stub's
// proof. The run's token never travels: a connection from another run cannot make the proofs.
struct PathHelloMessage
{
    std::uint32_t tree = 0;  // which tree instance (gsum alternates between two)
    std::uint32_t proxy = 0; // the proxy wrapper whose path this connection carries
    Nonce nonce = {};        // the stub's challenge to the host
};

// The host's challenge and the stub's proof (handshake.h).
using PathChallengeMessage = ChallengeMessage;
using PathProofMessage = ProofMessage;

// What the handshake's proofs are bound to: the path the hello claims.
std::string claimOf(const PathHelloMessage& m);

struct AllreduceMessage
{
    std::int64_t seq = 0;
    std::vector<std::int64_t> values;
};

std::vector<std::uint8_t> encode(const PathHelloMessage& m);
std::vector<std::uint8_t> encode(const AllreduceMessage& m);
Result<PathHelloMessage> decodePathHello(std::span<const std::uint8_t> payload);
inline Result<PathChallengeMessage> decodePathChallenge(std::span<const std::uint8_t> payload)
{
    return decodeChallenge(payload, "PathChallenge");
}
inline Result<PathProofMessage> decodePathProof(std::span<const std::uint8_t> payload)
{
    return decodeProof(payload, "PathProof");
}
Result<AllreduceMessage> decodeAllreduce(std::span<const std::uint8_t> payload);

} // namespace xylem::protocol
