#pragma once

// One kind of an MPI communicator's collectives as a Run (metrics.md §1), so that every metric, view and
// report of Xylem applies to MPI programs: each member rank is a thread leaf "r<rank>", the
// communicator a root gred "comm<id>".
//
// Shapes
// - Flat: every rank directly under the root gred.
// - Hierarchy: rank -> host gred "host:<host>" -> cluster gred "cluster:<cluster>" -> root.
//   The cluster level is there only when every member has a cluster and there are at least two;
//   the host level only when the members are on at least two hosts. (A level with one child is
//   fine under §1; a level that would just repeat its parent is left out.)
// Children are listed, and so ranked on ties, in communicator-rank order.
//
// Tuples
// - A rank's collective call seq s on the communicator gives the edge above its thread leaf the
//   tuple (seq = s, down = enter, up = exit, op = MpiCall code): measured.
// - An inner gred's edge in a hierarchy was never measured. Its tuple is DERIVED, the way §1
//   defines the root: down = the last arrival of its children (max down), up = their first
//   departure (min up). It is made only when every child has a tuple for that call.
// - A collective instance that some member never entered is left incomplete (the analysis
//   counts it, never guesses it).
// - Only the instances of one kind (core/model/mpikinds.h) go into a run: a tree of mixed
//   kinds mixes rooted collectives, whose ranks may leave before the last arrives, into §4's
//   stages and made "operation" negative. Only kinds that form a stage tree are accepted
//   (formsStageTree); a non-blocking one arrives at its start's enter and departs at the exit of
//   the Wait/Test event that completes it (no completion: that rank's tuple is missing).
// Point-to-point events, other kinds and other communicators' events are ignored (other kinds
// are still checked: an instance whose members call different collectives is refused).
//
// Through Xylem's tree: when the kind's calls on the communicator went through the interposer's
// spanning tree (the trace has its tree edges, `xylem-cli mpi --tree SPEC`), the run is that
// tree with its inner stages whatever the shape (core/model/mpitreerun.h).

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/run.h"

#include <cstdint>
#include <string>

namespace xylem {

enum class RunShape
{
    Flat,
    Hierarchy,
};

// NotFound for an unknown communicator; InvalidArgument for a kind that forms no stage tree;
// InvalidTrace naming the event for exit < enter, a rank outside the communicator, a rank
// calling one instance twice, or an instance whose members call different collectives.
Result<Run> collectiveRun(const MpiTrace& trace, std::int32_t communicator, MpiCall kind,
                          RunShape shape);
// The communicator's default kind: its stage-tree kind with the most time over complete
// instances (defaultKind(..., true) of its groups); with none complete, its first stage-tree
// kind; with none at all, a run without tuples.
Result<Run> collectiveRun(const MpiTrace& trace, std::int32_t communicator, RunShape shape);

// "r3": the thread wrapper of world rank 3.
std::string rankWrapperId(int rank);

} // namespace xylem
