#pragma once

// One rank's MPI events as OTF2 records, the way Score-P writes them: every call an Enter/Leave
// of its MPI_* region (region id = the MpiCall value) with, inside it,
// - collectives: MpiCollectiveBegin at enter, MpiCollectiveEnd at exit (root and communicator);
// - Send: MpiSend at enter; Isend: MpiIsend at enter with a new request id;
// - Recv: MpiRecv at exit; Irecv: MpiIrecvRequest at enter with a new request id;
// - Wait completing a receive: MpiIrecv at exit with the request of the oldest outstanding Irecv
//   from that source (or posted for any source) on that communicator and tag; other Waits:
//   MpiIsendComplete of the oldest outstanding Isend. A Wait with nothing outstanding is a bare
//   region.
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
