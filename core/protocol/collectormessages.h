#pragma once

// The messages of the node collector's interface (xylem-collector on its UNIX socket): what
// probes send when they make a ring, and what clients — the gather tree's leaf, tests, tools —
// ask of it. Each has encode() to a payload and decode() from one; decode bounds every count
// and string and fails on trailing bytes.

#include "core/model/recording.h"
#include "core/model/result.h"
#include "core/model/tuple.h"
#include "core/protocol/frame.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xylem::protocol {

struct ErrorMessage
{
    std::uint32_t code = 0; // ErrorCode
    std::string message;
};

struct RegisterRingMessage
{
    std::string ringName; // the shared-memory name
};

struct HelloMessage
{
    std::string client;
};

struct WelcomeMessage
{
    std::string host;
    std::string version;
    std::uint32_t pid = 0;
};

struct RingInfo
{
    std::uint32_t id = 0; // the collector's handle for the ring
    std::string name;
    std::uint32_t pid = 0;
    std::uint32_t tid = 0;
    std::string program;
    std::string label;
    std::uint32_t capacity = 0;
    BufferPolicy policy = BufferPolicy::FillRead;
    ClockKind clock = ClockKind::Tsc;
    bool processAlive = true;
    std::uint64_t written = 0;     // records the writer published
    std::uint64_t read = 0;        // records this collector handed out (first time)
    std::uint64_t overwritten = 0; // records lost to the writer before the collector read them
};

struct RingListMessage
{
    std::vector<RingInfo> rings;
};

struct SetPolicyMessage
{
    std::optional<std::uint32_t> ring; // every ring when empty (and rings found later)
    BufferPolicy policy = BufferPolicy::FillRead;
};

struct ReadTuplesMessage
{
    std::uint32_t maxTuples = 65536;
};

// Tuples with timestamps converted to ns on the collector's clock (CLOCK_REALTIME).
struct RingTuples
{
    std::uint32_t ring = 0;
    std::uint64_t overwritten = 0; // lost since this client's previous read
    std::vector<Tuple> tuples;
};

struct TupleBatchMessage
{
    std::vector<RingTuples> rings;
};

struct ReadSamplesMessage
{
    std::uint64_t fromSequence = 0;
    std::uint32_t maxSamples = 4096;
};

struct SampleRecord
{
    std::string host;
    std::string metric;
    std::int64_t timeNs = 0;
    double value = 0;
};

struct SampleBatchMessage
{
    std::uint64_t nextSequence = 0;
    std::uint64_t overwritten = 0;
    std::vector<SampleRecord> samples;
};

enum class FilterKind : std::uint32_t
{
    LastArrivals = 1,
    CollectorStatistics = 2
};

struct InstallFilterMessage
{
    std::uint32_t filter = 0; // the client's id for it
    FilterKind kind = FilterKind::LastArrivals;
    std::string configuration; // xylem-tree/1 JSON of the monitored collective
    std::string host;          // this node's host id in that configuration
};

struct PollFilterMessage
{
    std::uint32_t filter = 0;
};

struct RemoveFilterMessage
{
    std::uint32_t filter = 0;
};

// A filter's newest result, as JSON: its shape belongs to the filter (collectors/filters).
struct FilterResultMessage
{
    std::uint32_t filter = 0;
    std::uint64_t calls = 0; // calls the filter has seen so far
    std::string resultJson;
};

// ---- encoding ----

std::vector<std::uint8_t> encode(const ErrorMessage& m);
std::vector<std::uint8_t> encode(const RegisterRingMessage& m);
std::vector<std::uint8_t> encode(const HelloMessage& m);
std::vector<std::uint8_t> encode(const WelcomeMessage& m);
std::vector<std::uint8_t> encode(const RingListMessage& m);
std::vector<std::uint8_t> encode(const SetPolicyMessage& m);
std::vector<std::uint8_t> encode(const ReadTuplesMessage& m);
std::vector<std::uint8_t> encode(const TupleBatchMessage& m);
std::vector<std::uint8_t> encode(const ReadSamplesMessage& m);
std::vector<std::uint8_t> encode(const SampleBatchMessage& m);
std::vector<std::uint8_t> encode(const InstallFilterMessage& m);
std::vector<std::uint8_t> encode(const PollFilterMessage& m);
std::vector<std::uint8_t> encode(const RemoveFilterMessage& m);
std::vector<std::uint8_t> encode(const FilterResultMessage& m);

Result<ErrorMessage> decodeError(std::span<const std::uint8_t> payload);
Result<RegisterRingMessage> decodeRegisterRing(std::span<const std::uint8_t> payload);
Result<HelloMessage> decodeHello(std::span<const std::uint8_t> payload);
Result<WelcomeMessage> decodeWelcome(std::span<const std::uint8_t> payload);
Result<RingListMessage> decodeRingList(std::span<const std::uint8_t> payload);
Result<SetPolicyMessage> decodeSetPolicy(std::span<const std::uint8_t> payload);
Result<ReadTuplesMessage> decodeReadTuples(std::span<const std::uint8_t> payload);
Result<TupleBatchMessage> decodeTupleBatch(std::span<const std::uint8_t> payload);
Result<ReadSamplesMessage> decodeReadSamples(std::span<const std::uint8_t> payload);
Result<SampleBatchMessage> decodeSampleBatch(std::span<const std::uint8_t> payload);
Result<InstallFilterMessage> decodeInstallFilter(std::span<const std::uint8_t> payload);
Result<PollFilterMessage> decodePollFilter(std::span<const std::uint8_t> payload);
Result<RemoveFilterMessage> decodeRemoveFilter(std::span<const std::uint8_t> payload);
Result<FilterResultMessage> decodeFilterResult(std::span<const std::uint8_t> payload);

// The frame of a message, ready to send.
template <typename Message>
std::vector<std::uint8_t> frameOf(MessageType type, const Message& m, std::uint32_t stream = 0)
{
    return encodeFrame(type, stream, encode(m));
}

} // namespace xylem::protocol
