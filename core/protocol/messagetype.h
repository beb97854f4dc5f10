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
    Hello = 23,          // -> Welcome: who the collector is and its clock
    Welcome = 24,

    // Allreduce runtime: a proxy's stub <-> the service thread on its parent's host (TCP)
    PathHello = 40,        // which path this connection carries: PathHelloMessage
    AllreduceRequest = 41, // one call going down: AllreduceMessage
    AllreduceReply = 42,   // its result coming back up: AllreduceMessage
    PathGoodbye = 43,      // the stub is done; closing is not a failure
};

bool isKnownMessageType(std::uint16_t value);
std::string_view toString(MessageType type);

} // namespace xylem::protocol
