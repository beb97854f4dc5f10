#pragma once

// The messages between a gather-tree node and its parent (MessageType 60-79), and a
// collector's question where its parent is (80-81, core/tree/attachlocate.h). Their fields are
// described once (treemessages.cpp, wire.h); every count is bounded by the payload, every
// string by a maximum. core/tree uses them under its own namespace (core/tree/treemessages.h).

#include "core/gather/batch.h"
#include "core/gather/filter.h"
#include "core/gather/wave.h"
#include "core/model/result.h"
#include "core/protocol/handshake.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace xylem::protocol {


using gather::Batch;

// The handshake (core/protocol/handshake.h): hello, challenge, proof. The token itself never
// travels; each end proves it holds it.
struct TreeHelloMessage
{
    std::uint32_t node = 0;     // index in the topology
    Nonce nonce = {}; // the child's challenge to the parent
};

// The parent's challenge and the child's proof (core/protocol/handshake.h).
using TreeChallengeMessage = ChallengeMessage;
using TreeProofMessage = ProofMessage;

// What the handshake's proofs are bound to: the node the hello claims.
std::string claimOf(const TreeHelloMessage& m);

struct TreeWelcomeMessage
{
    std::uint32_t node = 0;
    std::string topologyJson; // the whole tree: a relay starts its own subtree from it
    bool leavesAttach =
        false; // leaves are started by someone else (mpirun, srun): do not spawn them
};

// Where an inner node listens for its children (written to the address file leaves attach by).
struct NodeAddress
{
    std::uint32_t node = 0;
    std::string ip;
    std::uint16_t port = 0;
};

struct SubtreeReadyMessage
{
    std::uint32_t node = 0;
    std::uint32_t nodes = 0;            // nodes of the subtree that are up (itself included)
    std::vector<std::uint32_t> missing; // nodes of the subtree that never came up
    std::vector<NodeAddress> listening; // inner nodes of the subtree and their addresses
};

// Where a leaf's batches come from.
struct SourceSpec
{
    std::string name = "synthetic-tuples"; // see leafsource.h
    std::vector<std::int64_t> arguments;
    bool operator==(const SourceSpec&) const = default;
};

enum class Gathering : std::uint8_t
{
    Parallel = 0,
    Sequential = 1
};

struct StreamSpec
{
    std::uint32_t id = 0;
    gather::FilterSpec filter;
    gather::SyncSpec sync;
    SourceSpec source;
    Gathering gathering = Gathering::Parallel;
    bool filterAtLeaves =
        false; // also apply the filter to each leaf's own batch (reduce at the source)
};

struct CloseStreamMessage
{
    std::uint32_t stream = 0;
};

struct PullMessage
{
    std::uint32_t stream = 0;
    std::uint64_t firstWave = 0;
    std::uint32_t count = 1;
};

struct WaveDataMessage
{
    std::uint32_t stream = 0;
    std::uint64_t wave = 0;
    std::vector<std::uint32_t> missing; // nodes whose data the batch lacks (time-out, lost)
    Batch batch;
};

struct ControlMessage
{
    std::string command;
    std::string argument;
};

struct PingMessage
{
    std::uint64_t id = 0;
};

struct PongMessage
{
    std::uint64_t id = 0;
    std::int64_t clockNs = 0; // the child's clock, the one its tuples are in (clockoffset.h)
};

struct NodesMessage
{
    std::vector<std::uint32_t> nodes;
    std::string reason;
};

struct ClockOffset
{
    std::uint32_t node = 0;
    std::int64_t offsetNs = 0; // node clock - front-end clock
    std::int64_t errorNs = 0;  // bound: half the round trips along the path
    bool operator==(const ClockOffset&) const = default;
};

struct ClockReportMessage
{
    std::vector<ClockOffset> offsets;
};

std::vector<std::uint8_t> encode(const TreeHelloMessage& m);
std::vector<std::uint8_t> encode(const TreeWelcomeMessage& m);
std::vector<std::uint8_t> encode(const SubtreeReadyMessage& m);
std::vector<std::uint8_t> encode(const StreamSpec& m);
std::vector<std::uint8_t> encode(const CloseStreamMessage& m);
std::vector<std::uint8_t> encode(const PullMessage& m);
std::vector<std::uint8_t> encode(const WaveDataMessage& m);
std::vector<std::uint8_t> encode(const ControlMessage& m);
std::vector<std::uint8_t> encode(const PingMessage& m);
std::vector<std::uint8_t> encode(const PongMessage& m);
std::vector<std::uint8_t> encode(const NodesMessage& m);
std::vector<std::uint8_t> encode(const ClockReportMessage& m);

Result<TreeHelloMessage> decodeTreeHello(std::span<const std::uint8_t> payload);
inline Result<TreeChallengeMessage> decodeTreeChallenge(std::span<const std::uint8_t> payload)
{
    return decodeChallenge(payload, "TreeChallenge");
}
inline Result<TreeProofMessage> decodeTreeProof(std::span<const std::uint8_t> payload)
{
    return decodeProof(payload, "TreeProof");
}
Result<TreeWelcomeMessage> decodeTreeWelcome(std::span<const std::uint8_t> payload);
Result<SubtreeReadyMessage> decodeSubtreeReady(std::span<const std::uint8_t> payload);
Result<StreamSpec> decodeStreamSpec(std::span<const std::uint8_t> payload);
Result<CloseStreamMessage> decodeCloseStream(std::span<const std::uint8_t> payload);
Result<PullMessage> decodePull(std::span<const std::uint8_t> payload);
Result<WaveDataMessage> decodeWaveData(std::span<const std::uint8_t> payload);
Result<ControlMessage> decodeControl(std::span<const std::uint8_t> payload);
Result<PingMessage> decodePing(std::span<const std::uint8_t> payload);
Result<PongMessage> decodePong(std::span<const std::uint8_t> payload);
Result<NodesMessage> decodeNodes(std::span<const std::uint8_t> payload);
Result<ClockReportMessage> decodeClockReport(std::span<const std::uint8_t> payload);

// TreeHello's node when the connection asks where its parent is instead of joining.
inline constexpr std::uint32_t kLocateNode = 0xffffffffu;

struct TreeLocateMessage
{
    std::uint32_t node = kLocateNode; // kLocateNode: find the leaf by host and rank
    std::string host;
    std::uint32_t rank = 0;
    // The node's index in its launcher's job (SLURM_NODEID and the like; kLocateNode: none):
    // when the host is no leaf, the job's n-th node takes the n-th leaf, as with an address file.
    std::uint32_t jobIndex = kLocateNode;
};

struct TreeLocatedMessage
{
    std::uint32_t node = 0;   // the leaf
    std::uint32_t parent = 0; // its parent's node index
    std::string host;         // where the parent listens (advertised)
    std::uint16_t port = 0;
    std::string leafHost;     // the leaf's host in the tree (its tuples' host)
};

std::vector<std::uint8_t> encode(const TreeLocateMessage& m);
std::vector<std::uint8_t> encode(const TreeLocatedMessage& m);
Result<TreeLocateMessage> decodeTreeLocate(std::span<const std::uint8_t> payload);
Result<TreeLocatedMessage> decodeTreeLocated(std::span<const std::uint8_t> payload);

} // namespace xylem::protocol
