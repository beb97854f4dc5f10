#pragma once

// One rank's MPI events as OTF2 records, the way Score-P writes them: every call an Enter/Leave
// of its MPI_* region (region id = the MpiCall value) with, inside it,
// - blocking collectives (and the calls that make communicators over their parent):
//   MpiCollectiveBegin at enter, MpiCollectiveEnd at exit (operation, root, communicator);
// - non-blocking collective starts: NonBlockingCollectiveRequest at enter with a new request id;
// - Send, Ssend, Bsend, Rsend: MpiSend at enter; Isend, Issend: MpiIsend at enter with a new
//   request id; Recv: MpiRecv at exit; Irecv: MpiIrecvRequest at enter with a new request id;
// - Sendrecv(_replace): MpiSend at enter (its sending half) and MpiRecv at exit;
// - Wait*/Test*, one record per event at exit: completes = Receive: MpiIrecv with the request of
//   the oldest outstanding Irecv that admits its source and tag on that communicator; Send:
//   MpiIsendComplete of the oldest outstanding Isend/Issend to that partner and tag; Collective:
//   NonBlockingCollectiveComplete of the start of that (communicator, seq) (its operation, root,
//   the start's bytes as sent and the completion's as received). None: a bare region.
// - Probe, Iprobe and the Communicator class: a bare region (OTF2 has no record for them; their
//   partner and communicator are not exported).
// Events of one call (a Wait*/Test* that finished several requests, Sendrecv's halves) are
// consecutive with the same call, enter and exit: one region holds their records.
// Partners and roots are written as ranks within the communicator (OTF2's convention).

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <otf2/otf2.h>
#include <string>
#include <vector>

namespace xylem::otf2 {

// `events` are one rank's, in call order. An error names the rank and call: overlapping calls
// (OTF2 needs properly nested regions), negative timestamps, a partner outside the communicator.
Result<Ok> writeMpiEvents(OTF2_EvtWriter* writer, const MpiTrace& trace,
                          const std::vector<const MpiEvent*>& events, const std::string& archive);

} // namespace xylem::otf2
