#pragma once

// Configurations made from a host list (hosts x threads per host, clusters) instead of by hand.
// Every shape inserts a proxy wherever a path crosses hosts, so the result is a tree the
// allreduce runtime can run as it is.
//
// Ids: threads "<host>.t<i>", proxies "p.<child>", the core "core"; greds are named after what
// they join: "gred" (flat), "g<level>.<i>" (k-ary), "g<thread index>" (binomial),
// "host.<host>", "cluster.<cluster>" and "root" (hierarchy-aware). Should a host name make one
// of these equal to another id, it gets a "~2", "~3", ... suffix; thread ids never change.

#include "core/model/configuration.h"
#include "core/model/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

enum class TreeShape
{
    Flat,           // every thread joins one gred
    KAry,           // groups of k, then groups of k of those, up to one root
    Binomial,       // the binomial tree of the threads, a gred at each inner position
    HierarchyAware, // threads per host, hosts per cluster, clusters at the root
};

enum class RootKind
{
    Core,
    Gred
};

struct TreeSpec
{
    std::string name;
    std::vector<Host> hosts;
    int threadsPerHost = 1;
    TreeShape shape = TreeShape::HierarchyAware;
    int arity = 2; // k of k-ary; ignored by the other shapes
    RootKind root = RootKind::Core;
    // Threads of each host, parallel to hosts (a host file's slots); empty: threadsPerHost each.
    std::vector<int> threadsOfHost;
};

Result<Configuration> generateTree(const TreeSpec& spec);

std::string_view toString(TreeShape shape);
std::optional<TreeShape> treeShapeFromString(std::string_view text);

// "A:c0,B:c0,C:c1" or "A,B,C" (one cluster); or a count: n hosts "h0".."h<n-1>" in one cluster.
Result<std::vector<Host>> parseHostList(std::string_view text);

} // namespace xylem
