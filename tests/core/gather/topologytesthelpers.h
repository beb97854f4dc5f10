#pragma once

// Helpers shared by the topology suites: structural checks made without makeTopology, counts
// per level and fanouts, host lists, and a node shorthand.

#include "core/gather/topology.h"

#include <QtTest>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace xylem::gathertest {

using gather::NodeRole;
using gather::Topology;
using gather::TopologyNode;

inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

inline TopologyNode node(std::string host, std::uint32_t rank, std::int32_t parent,
                         std::vector<std::uint32_t> children = {})
{
    return TopologyNode{std::move(host), rank, parent, std::move(children), NodeRole::Leaf};
}

// prefix0 .. prefix<count-1>
inline std::vector<std::string> hostList(size_t count, const std::string& prefix = "n")
{
    std::vector<std::string> hosts;
    for (size_t i = 0; i < count; ++i) {
        hosts.push_back(prefix + std::to_string(i));
    }
    return hosts;
}

// Depth of every node (parents come first, so one pass).
inline std::vector<std::uint32_t> depths(const Topology& t)
{
    std::vector<std::uint32_t> d(t.nodes.size(), 0);
    for (size_t i = 1; i < t.nodes.size(); ++i) {
        d[i] = d[static_cast<size_t>(t.nodes[i].parent)] + 1;
    }
    return d;
}

// Nodes per depth, the front-end's level first: 1-4-16 is {1, 4, 16}.
inline std::vector<std::uint32_t> levelCounts(const Topology& t)
{
    std::vector<std::uint32_t> counts;
    for (const std::uint32_t d : depths(t)) {
        counts.resize(std::max<size_t>(counts.size(), d + 1), 0);
        ++counts[d];
    }
    return counts;
}

inline size_t maxFanout(const Topology& t)
{
    size_t most = 0;
    for (const TopologyNode& n : t.nodes) {
        most = std::max(most, n.children.size());
    }
    return most;
}

inline size_t countRole(const Topology& t, NodeRole role)
{
    return static_cast<size_t>(std::count_if(
        t.nodes.begin(), t.nodes.end(), [role](const TopologyNode& n) { return n.role == role; }));
}

// Everything a valid topology promises, checked independently of makeTopology; empty if fine.
inline QString structureProblem(const Topology& t)
{
    if (t.nodes.size() < 2 || t.nodes[0].parent != -1 || t.nodes[0].role != NodeRole::FrontEnd) {
        return QStringLiteral("node 0 is not a front-end with children");
    }
    std::set<std::pair<std::string, std::uint32_t>> names;
    for (size_t i = 0; i < t.nodes.size(); ++i) {
        const TopologyNode& n = t.nodes[i];
        if (!names.emplace(n.host, n.rank).second) {
            return QStringLiteral("duplicate ") + q(n.name());
        }
        if (i > 0 && (n.parent < 0 || static_cast<size_t>(n.parent) >= i)) {
            return QStringLiteral("bad parent at ") + QString::number(i);
        }
        if (i > 0 && n.role != (n.children.empty() ? NodeRole::Leaf : NodeRole::Relay)) {
            return QStringLiteral("wrong role at ") + QString::number(i);
        }
        for (const std::uint32_t c : n.children) {
            if (c >= t.nodes.size() || t.nodes[c].parent != static_cast<std::int32_t>(i)) {
                return QStringLiteral("bad child list at ") + QString::number(i);
            }
        }
    }
    if (t.subtree(0).size() != t.nodes.size()) {
        return QStringLiteral("not every node is reachable from the front-end");
    }
    if (t.leaves().size() != countRole(t, NodeRole::Leaf)) {
        return QStringLiteral("leaves() disagrees with the roles");
    }
    return {};
}

// A spec over the hosts n0 .. n<hosts-1>.
inline gather::TopologySpec spec(gather::TopologyShape shape, size_t hosts, std::uint32_t fanout,
                                 bool balanced = true)
{
    gather::TopologySpec s;
    s.shape = shape;
    s.fanout = fanout;
    s.hosts = hostList(hosts);
    s.balanced = balanced;
    return s;
}

// Leaves under each child of the front-end, in order.
inline std::vector<std::uint32_t> leavesPerBranch(const Topology& t)
{
    std::vector<std::uint32_t> out;
    for (const std::uint32_t c : t.nodes[0].children) {
        out.push_back(0);
        for (const std::uint32_t n : t.subtree(c)) {
            out.back() += t.nodes[n].children.empty() ? 1 : 0;
        }
    }
    return out;
}

// The smallest d with k^d >= n (at least 1).
inline std::uint32_t minimalDepth(std::uint64_t n, std::uint64_t k)
{
    std::uint32_t d = 1;
    for (std::uint64_t reach = k; reach < n; reach *= k) {
        ++d;
    }
    return d;
}

// The example of topology.h, as toMrnetText writes it.
inline const std::string kExample = "fe:0 => r1:0 r2:0 ;\nr1:0 => n1:0 n2:0 ;\nr2:0 => n3:0 ;\n";

inline std::vector<std::string> names(const Topology& t)
{
    std::vector<std::string> out;
    for (const auto& n : t.nodes) {
        out.push_back(n.name());
    }
    return out;
}

// Rows of refused input: the text, the ErrorCode (as int), the exact where, part of the message.
inline void addErrorColumns()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("problem");
}

inline void checkError(const Result<Topology>& parsed)
{
    QFETCH(int, code);
    QFETCH(QString, where);
    QFETCH(QString, problem);
    QVERIFY(!parsed.ok());
    QCOMPARE(static_cast<int>(parsed.error().code), code);
    QCOMPARE(q(parsed.error().where), where);
    QVERIFY2(q(parsed.error().message).contains(problem), parsed.error().message.c_str());
}

inline constexpr int kMalformed = static_cast<int>(ErrorCode::MalformedInput);
inline constexpr int kInvalid = static_cast<int>(ErrorCode::InvalidConfiguration);

} // namespace xylem::gathertest

// Binds `name` to the topology of a Result, failing the test with the error otherwise.
#define XYLEM_REQUIRE_TOPOLOGY(name, expr)                                                         \
    auto name##Result = (expr);                                                                    \
    QVERIFY2(name##Result.ok(), name##Result.ok() ? "" : name##Result.error().describe().c_str()); \
    const xylem::gather::Topology name = std::move(name##Result).value()
