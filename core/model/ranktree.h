#pragma once

// The spanning tree over the ranks of an MPI job that the interposer's tree collectives run on
// (collectors/mpi/treecollectives.h; `xylem-cli mpi --tree SPEC`, XYLEM_MPI_TREE=SPEC).
//
// SPEC: `native` (MPI's own algorithms, no tree), `flat` (every rank a child of rank 0),
// `binomial`, `k-ary:K` (K >= 1; rank i's parent (i - 1) / K), `hierarchy` or `hierarchy:K` (one
// leader per host, its lowest rank; the host's other ranks under it by k-ary fan-in over their
// order on the host, K default 4; the host leaders of each cluster joined by a binomial tree
// over their order, the order of their hosts' lowest ranks; the clusters' leaders, the first
// host leader of each, by a binomial tree in the same order), or a path ending in `.tree.json`:
//   {"ranks": 8, "parents": [-1, 0, 0, 1, 1, 2, 2, 3]}
// the parent of each rank 0..ranks-1, -1 for the one root. GUI-free, no MPI.

#include "core/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem {

enum class RankTreeShape
{
    Native,
    Flat,
    Binomial,
    KAry,
    Hierarchy,
    File,
};

struct RankTreeSpec
{
    RankTreeShape shape = RankTreeShape::Native;
    int arity = 4;            // K of k-ary and hierarchy
    std::string path;         // File: where it was read from
    std::vector<int> parents; // File: parent of each rank (-1: the root), checked
    std::string text;         // the SPEC as given
};

struct RankTree
{
    int root = 0;
    std::vector<int> parent;                // parent[r]; -1 for the root
    std::vector<std::vector<int>> children; // children[r], in the fixed order of the reduction
    std::vector<bool> crossesHost;          // the edge r -> parent[r] joins two hosts (a proxy)
    int depth = 0;                          // edges on the longest path from the root

    int size() const { return static_cast<int>(parent.size()); }
};

// Parses SPEC; a `*.tree.json` is read and checked as a tree here (its rank count is checked
// against the job's by buildRankTree). Errors name what is wrong: "k-ary:0", an unknown shape,
// a file that does not parse, a cycle, two roots, a rank without a parent.
Result<RankTreeSpec> parseRankTreeSpec(std::string_view text);
// The checks of a tree file's text alone (parseRankTreeSpec reads the file and calls this).
Result<std::vector<int>> parseRankTreeJson(std::string_view json, const std::string& where);

// The tree over hosts.size() ranks (hosts[r]: the host of rank r; clusters[r] its cluster, or
// none given: one cluster), rooted at rank 0 (a file's own root). Native has no tree: an error.
Result<RankTree> buildRankTree(const RankTreeSpec& spec, const std::vector<std::string>& hosts,
                               const std::vector<std::string>& clusters = {});

// The same edges rooted at newRoot: the path from newRoot up to the old root is turned round
// (each rank on it takes the next one down the path as its parent; the old parent joins the
// rank's children last). Re-rooting, not rotating the ranks, keeps every edge (and so every
// host-crossing edge, where a proxy sits) of the tree; the depth is at most twice the old one.
RankTree rerooted(const RankTree& tree, int newRoot);

// ceil(log2(n)) for n >= 1: the binomial tree of n ranks is at most this deep (exactly, when n is
// a power of two; else the most set bits of a rank below n).
int ceilLog2(int n);

} // namespace xylem
