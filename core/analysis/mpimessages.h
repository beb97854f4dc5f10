#pragma once

// Point-to-point messages of an MPI trace: which send reached which receive. MPI's
// non-overtaking rule matches them per (communicator, source, destination, tag) in order:
// sends (Send, Isend) in the order their rank made them, receives (Recv, and a Wait that
// completed an Irecv) in the order they completed (the rank's p2p seq). Where several Irecvs of
// one key were outstanding and waited for out of order, the match follows the Waits.

#include "core/model/mpitrace.h"

#include <cstddef>
#include <vector>

namespace xylem {

struct MpiMessage
{
    std::size_t send = 0;    // index into trace.events of the Send or Isend
    std::size_t receive = 0; // index of the Recv or completing Wait
};

// Unmatched sends or receives (a trace cut short) are left out.
std::vector<MpiMessage> matchMessages(const MpiTrace& trace);

} // namespace xylem
