#pragma once

// The run of one kind of an MPI communicator's collectives that went through Xylem's spanning
// tree inside the program (collectors/mpi/treecollectives.h, `xylem-cli mpi --tree SPEC`), with
// the tree's inner stages (metrics.md §1, §4): the configuration is the tree the ranks ran.
//
// Configuration (from the trace's tree edges of that communicator and kind: each child rank's
// parent)
// - every rank v a thread "r<v>" (rankWrapperId) on its host;
// - every rank with children, and the root, a gred "g<v>" on v's host, whose children are, in
//   the reduction's fixed order, v's tree children, then v's own thread "r<v>" last (its own
//   contribution is combined last);
// - a child c of p: its "top" wrapper (g<c> when c has children, else r<c>) sits under g<p>, or,
//   when the edge c -> p joins two hosts, under a proxy "p<c>" (host: c's, the stub's side)
//   whose parent is g<p>;
// - the root is g<root>; with one rank, g<0> over r0.
// Hosts in the order of their lowest rank.
//
// Tuples, per collective instance (seq) of the kind
// - r<v> -> its parent: v's call, down = enter, up = exit (call time as everywhere);
// - g<c> -> its parent (proxy or gred): c's tree edge (down: c handed its subtree's part up,
//   up: the parent's part came back);
// - a proxy's edge p<c> -> g<p>: the parent's side of the edge (down: c's part had arrived at p,
//   up: p sent c the result), so the proxy's two-way latency is the network's both ways;
// - a tuple is made only when its record is there: a missing one leaves that call incomplete;
// - an instance without any tree edge went through MPI's own call (a fallback: user op, derived
//   datatype; treecollectives.h) and is not in the run.
// The root records nothing (§1: t2 = max t1, t3 = min t4).

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/run.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace xylem {

// The parent of every world rank (-1: none seen, the root) by the tree edges of (communicator,
// kind); nullopt when there are none. InvalidTrace when a rank has two parents, or the edges
// make no single tree over the communicator's members.
Result<std::optional<std::vector<int>>> treeParents(const MpiTrace& trace,
                                                    std::int32_t communicator, MpiCall kind);

// The tree run as above; NotFound when (communicator, kind) has no tree edges.
Result<Run> treeCollectiveRun(const MpiTrace& trace, std::int32_t communicator, MpiCall kind);

// "g3" and "p3": the gred of inner rank 3, the proxy above rank 3's top wrapper.
std::string treeGredId(int rank);
std::string treeProxyId(int rank);

} // namespace xylem
