#pragma once

// The MpiTrace of a recorded MPI run: the decoded calls (mpituple.h) joined with the run's
// description (mpitracejson.h). Without a description (the program died before rank 0 wrote
// it) the trace is made from the calls alone: ranks 0..highest seen with unknown hosts, the
// world of them all, and each other communicator with the ranks seen calling it. A description
// that is not complete (written at MPI_Init only) lacks the communicators made later: those are
// made the same way from the calls.

#include "core/model/mpitracejson.h"

#include <optional>
#include <vector>

namespace xylem {

// An error (InvalidTrace) names an event whose rank (or, with a complete description, whose
// communicator) the description does not know. treeEdges: the decoded edges of Xylem's tree
// (mpituple.h), kept when their ranks are known (an edge's call was checked with its event).
Result<MpiTrace> assembleMpiTrace(const std::optional<MpiRunInfo>& description,
                                  std::vector<MpiEvent> events,
                                  std::vector<MpiTreeEdge> treeEdges = {});

} // namespace xylem
