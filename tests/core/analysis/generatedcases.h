#pragma once

// Generated configurations of every shape, root kind and a range of sizes, shared by the
// analysis suites that check invariants over many trees.

#include "core/model/treegenerator.h"

#include <QtTest>

#include <string>
#include <vector>

namespace xylem::testing {

inline std::vector<Host> hostsFor(int count, int clusters)
{
    std::vector<Host> hosts;
    for (int i = 0; i < count; ++i) {
        hosts.push_back(Host{"n" + std::to_string(i), "c" + std::to_string(i % clusters)});
    }
    return hosts;
}

// Rows: (TreeSpec as shape/arity/root/hosts/clusters/threads) named for the failure message.
inline void addGeneratedTreeRows()
{
    QTest::addColumn<int>("shape");
    QTest::addColumn<int>("arity");
    QTest::addColumn<int>("root");
    QTest::addColumn<int>("hosts");
    QTest::addColumn<int>("clusters");
    QTest::addColumn<int>("threads");
    const struct
    {
        int hosts, clusters, threads;
    } sizes[] = {{1, 1, 1}, {1, 1, 5}, {3, 1, 1}, {4, 2, 4}, {5, 2, 3}, {8, 2, 8}};
    const struct
    {
        TreeShape shape;
        int arity;
    } shapes[] = {{TreeShape::Flat, 2},
                  {TreeShape::KAry, 2},
                  {TreeShape::KAry, 3},
                  {TreeShape::Binomial, 2},
                  {TreeShape::HierarchyAware, 2}};
    for (const auto& s : shapes) {
        for (RootKind root : {RootKind::Core, RootKind::Gred}) {
            for (const auto& size : sizes) {
                const std::string name =
                    std::string(toString(s.shape)) + std::to_string(s.arity) +
                    (root == RootKind::Core ? "/core/" : "/gred/") + std::to_string(size.hosts) +
                    "x" + std::to_string(size.threads) + "/c" + std::to_string(size.clusters);
                QTest::newRow(name.c_str())
                    << static_cast<int>(s.shape) << s.arity << static_cast<int>(root) << size.hosts
                    << size.clusters << size.threads;
            }
        }
    }
}

// A generated tree the test needs to exist: a failure here is a generator bug, reported at once.
inline Configuration makeTree(int hosts, int clusters, int threads, TreeShape shape, RootKind root,
                              int arity = 2)
{
    auto config = generateTree({"", hostsFor(hosts, clusters), threads, shape, arity, root});
    if (!config) {
        qFatal("generateTree failed: %s", config.error().describe().c_str());
    }
    return config.value();
}

inline Configuration fetchGeneratedTree()
{
    QFETCH(int, shape);
    QFETCH(int, arity);
    QFETCH(int, root);
    QFETCH(int, hosts);
    QFETCH(int, clusters);
    QFETCH(int, threads);
    return makeTree(hosts, clusters, threads, static_cast<TreeShape>(shape),
                    static_cast<RootKind>(root), arity);
}

} // namespace xylem::testing
