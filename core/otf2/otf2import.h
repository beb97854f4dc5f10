#pragma once

// Score-P's OTF2 traces (and exportOtf2's archives) as an MpiTrace.
//
// - Ranks: the MPI group of type COMM_LOCATIONS lists the MPI locations in world-rank order.
//   A rank's host is the system tree node its location group hangs off; its cluster is that
//   node's parent unless the parent is the root (Score-P: machine -> node -> process).
// - Communicators: each OTF2 comm over a COMM_GROUP (members are world ranks); the one named
//   MPI_COMM_WORLD (or else the first over every rank in order) becomes id 0, the others keep
//   their OTF2 id (moved past the largest if it is 0). COMM_SELF comms have no member list.
// - Events: every Enter/Leave of a region named like one of the MPI calls (mpiCallName) is one
//   MpiEvent; the MPI records inside it give communicator, partner (as a world rank), tag and
//   bytes. In a Wait*/Test* region each MpiIrecv, MpiIsendComplete (with the Isend's message)
//   and NonBlockingCollectiveComplete record is one event (completes = Receive, Send,
//   Collective), and in Sendrecv(_replace) its MpiSend and MpiRecv (completes = Send, Receive);
//   a region with none of them is one event (completes = None). A non-blocking collective start
//   takes communicator, root and bytes (sizeSent) from its completion. Other regions are read
//   only for their nesting. Collective seqs (blocking calls and non-blocking starts alike; a
//   completion the seq of its start) are counted per communicator, p2p seqs per rank, in each
//   location's order.
// - Time: ns = realtime of the global offset (when given, else the offset itself) + elapsed
//   ticks / timer resolution.
// - The trace is taken as already clock-corrected (Score-P corrects at the end of the run):
//   no clock samples; the reference host is rank 0's.
//
// What cannot come back from OTF2 (also not from exportOtf2's archives): an Irecv's source and
// tag as posted (OTF2 keeps only the request; the completing MpiIrecv's source and tag are used,
// so MPI_ANY_SOURCE/MPI_ANY_TAG become the resolved ones) and its buffer size (the received
// length is used); a collective's bytes are its sizeSent; the partner and communicator of
// Probe, Iprobe and the Communicator-class calls (no OTF2 record carries them); a non-blocking
// collective start without its completion (communicator 0).

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <string>

namespace xylem::otf2 {

// `anchor` is the archive's .otf2 file. Malformed or unsupported archives give an error naming
// the problem: not an OTF2 archive, missing definitions or event files, no MPI locations, an
// MPI record outside an MPI region, a Leave without its Enter.
Result<MpiTrace> importOtf2(const std::string& anchor);

} // namespace xylem::otf2
