#pragma once

// The tuner's view of a configuration (neighbours.h): its proxies folded away, so that only
// threads, greds and the core remain, each knowing its children. The heuristics move these
// nodes between hosts and parents; layOut() puts a proxy back on every edge that crosses hosts,
// as treegenerator.cpp does, so a neighbour is a tree the runtime can run whatever the start's
// proxies were.

#include "core/model/configuration.h"

#include <string>
#include <unordered_set>
#include <vector>

namespace xylem::tune {

struct Node
{
    std::string id;
    WrapperKind kind = WrapperKind::Thread;
    std::string host;
    std::vector<int> children;
};

struct LogicalTree
{
    std::vector<Node> nodes;
    int root = -1;
};

struct Folded
{
    LogicalTree tree;
    std::vector<int> nodeOfWrapper; // a proxy maps to the node below it
};

Folded fold(const Configuration& config);
// [node] = its parent's index, -1 for the root.
std::vector<int> parentsOf(const LogicalTree& t);
// base, or base~2, base~3, ...: an id neither a node of t nor in `more` has.
std::string freshId(const LogicalTree& t, const std::unordered_set<std::string>& more,
                    const std::string& base);
// The tree's wrappers in post-order (children in their order), a proxy "p.<child>" (on the
// child's host) on every edge between two hosts.
std::vector<WrapperSpec> layOut(const LogicalTree& t);

} // namespace xylem::tune
