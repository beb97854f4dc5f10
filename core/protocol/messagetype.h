#pragma once

// Every message any Xylem connection carries, in one enum. Numbers are part of the wire
// format: never reuse or renumber one, only add.

#include <cstdint>
#include <string_view>

namespace xylem::protocol {

enum class MessageType : std::uint16_t
{
    Error = 1, // a request failed: ErrorMessage

    // Probe and local clients -> xylem-collector (UNIX socket)
    RegisterRing = 10, // a new ring to pick up: RegisterRingMessage
    ListRings = 11,    // -> RingList
    RingList = 12,
    SetPolicy = 13,  // -> Ack
    ReadTuples = 14, // -> TupleBatch
    TupleBatch = 15,
    ReadSamples = 16, // -> SampleBatch
    SampleBatch = 17,
    InstallFilter = 18, // -> Ack
    PollFilter = 19,    // -> FilterResult
    FilterResult = 20,
    RemoveFilter = 21, // -> Ack
    Ack = 22,
    Hello = 23, // -> Welcome: who the collector is and its clock
    Welcome = 24,

    // Allreduce runtime: a proxy's stub <-> the service thread on its parent's host (TCP)
    PathHello = 40,        // which path this connection carries, a nonce: PathHelloMessage
    AllreduceRequest = 41, // one call going down: AllreduceMessage
    AllreduceReply = 42,   // its result coming back up: AllreduceMessage
    PathGoodbye = 43,      // the stub is done; closing is not a failure
    PathChallenge = 44,    // host -> stub, after PathHello: a nonce and the host's proof
    PathProof = 45,        // stub -> host: its proof over both nonces (the token never travels)

    // Gather tree: parent <-> child (TCP); down = towards the leaves
    TreeHello = 60,     // child -> parent, first: node index, nonce (then TreeChallenge/Proof)
    TreeWelcome = 61,   // parent -> child: the topology, the child's node index
    SubtreeReady = 62,  // up: every node below is connected (start-up is done)
    OpenStream = 63,    // down: stream id, filters, sync, source, gathering
    CloseStream = 64,   // down
    Pull = 65,          // down: a range of waves of a stream
    WaveData = 66,      // up: one node's batch of one wave
    Control = 67,       // down, to every leaf: a named command (start, stop, set policy, scope)
    Ping = 68,          // parent -> child: clock exchange
    Pong = 69,          // child -> parent: the child's clock
    NodesLost = 70,     // up: nodes that died or became unreachable
    NodesJoined = 71,   // up: nodes that (re)joined
    ClockReport = 72,   // up: offsets of the nodes below, measured by ping-pong
    MeasureClocks = 73, // down: measure again (the end of a run)
    Shutdown = 74,      // down: leave
    Heartbeat = 75,     // either way: nothing to say, still here (tree::Connection::keepAlive)
    NodesSlow = 76,     // up: nodes that owe waves and stopped answering (waves go on without)
    NodesBack = 77,     // up: slow nodes that answer again
    TreeChallenge = 78, // parent -> child, after TreeHello: a nonce and the parent's proof
    TreeProof = 79,     // child -> parent: its proof over both nonces (the token never travels)
    TreeLocate = 80,    // collector -> front-end, after a TreeHello as kLocateNode: where to join
    TreeLocated = 81,   // front-end -> collector: its node and its parent's address
};

bool isKnownMessageType(std::uint16_t value);
std::string_view toString(MessageType type);

} // namespace xylem::protocol
