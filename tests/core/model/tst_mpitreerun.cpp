// Xylem's tree inside an MPI program as a stage-tree run (core/model/mpitreerun.h): the tree
// edges' tuples decode to their calls (mpituple.h), the run description keeps the tree
// (mpitracejson.h), and a binomial tree over four ranks on two hosts becomes greds at the inner
// ranks and a proxy on the edge between the hosts, whose analysis finds the planted late rank
// behind the proxy and whose stages add up to every rank's call time (metrics.md §1, §3, §4).

#include "core/analysis/analyzer.h"
#include "core/model/mpiruns.h"
#include "core/model/mpitracejson.h"
#include "core/model/mpitreerun.h"
#include "core/model/mpituple.h"
#include "tests/support/mpitracebuilder.h"

#include <QtTest>

#include <algorithm>
#include <array>

using namespace xylem;

namespace {

constexpr int kCalls = 20;

MpiEvent allreduce(int rank, std::int64_t seq, std::int64_t enter, std::int64_t exit)
{
    MpiEvent e;
    e.enter = enter;
    e.exit = exit;
    e.seq = seq;
    e.bytes = 8;
    e.rank = rank;
    e.call = MpiCall::Allreduce;
    return e;
}

// The binomial recording of tests/support/mpitracebuilder.h with one more call that fell back to
// MPI's own (no edges): not the tree's.
MpiTrace binomialTrace()
{
    MpiTrace trace = testing::binomialTreeTrace(kCalls);
    const std::int64_t b = kCalls * 100000;
    for (int r = 0; r < 4; ++r) {
        trace.events.push_back(allreduce(r, kCalls, b + r, b + 500));
    }
    return trace;
}

} // namespace

class TestMpiTreeRun : public QObject
{
    Q_OBJECT
private slots:
    void descriptionKeepsTheTree();
    void edgeTuplesDecodeToTheirCalls();
    void binomialOverTwoHosts();
    void collectiveRunTakesTheTree();
    void conflictingParentsAreRefused();
};

void TestMpiTreeRun::descriptionKeepsTheTree()
{
    MpiRunInfo info;
    info.trace.ranks = {{0, "A", ""}, {1, "B", ""}};
    info.trace.communicators = {{0, "MPI_COMM_WORLD", {0, 1}}};
    info.complete = true;
    info.tree = MpiTreeInfo{"binomial", 1, {-1, 0}, 1, 120, {{"derived datatype", 4}}};
    const auto back = mpiRunInfoFromJson(mpiRunInfoToJson(info));
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QVERIFY(back->tree.has_value());
    QCOMPARE(*back->tree, *info.tree);

    info.tree.reset();
    const auto without = mpiRunInfoFromJson(mpiRunInfoToJson(info));
    QVERIFY(without.ok());
    QVERIFY(!without->tree.has_value());

    std::string bad = mpiRunInfoToJson(MpiRunInfo{info.trace, true, MpiTreeInfo{"x", 1, {-1, 5}}});
    const auto refused = mpiRunInfoFromJson(bad);
    QVERIFY(!refused.ok());
    QVERIFY2(refused.error().describe().find("parent 5") != std::string::npos,
             refused.error().describe().c_str());
}

void TestMpiTreeRun::edgeTuplesDecodeToTheirCalls()
{
    // Rank 2's Allreduce seq 7 on communicator 3 holds its edge to rank 0; rank 0's holds the
    // parent side; an edge outside any call is counted, not guessed.
    MpiTupleEncoder enc2;
    MpiTupleEncoder enc0;
    std::vector<Tuple> tuples;
    auto push = [&](MpiTupleEncoder& enc, const MpiEvent& e) {
        std::array<Tuple, 3> out;
        const int n = enc.encode(e, out);
        tuples.insert(tuples.end(), out.begin(), out.begin() + n);
    };
    MpiEvent a = allreduce(2, 6, 1000, 2000);
    a.communicator = 3;
    MpiEvent b = allreduce(2, 7, 3000, 4000);
    b.communicator = 3;
    MpiEvent c = allreduce(0, 7, 2900, 4100);
    c.communicator = 3;
    // Rank 2's next call starts 300 ns after b: closer than the conversion's tolerance, and
    // still not the edge's call.
    MpiEvent d = allreduce(2, 8, 4300, 4900);
    d.communicator = 3;
    tuples.push_back(treeEdgeTuple(MpiCall::Allreduce, 2, 0, 3500, 3900));
    push(enc2, a);
    push(enc2, b);
    push(enc2, d);
    tuples.push_back(treeEdgeAtParentTuple(MpiCall::Allreduce, 0, 2, 3200, 3800));
    push(enc0, c);
    tuples.push_back(treeEdgeTuple(MpiCall::Barrier, 2, 0, 5000, 5100)); // no Barrier call
    const auto decoded = decodeMpiTuples(tuples);
    QVERIFY(decoded.ok());
    QCOMPARE(decoded->events.size(), size_t(4));
    QCOMPARE(decoded->unmatchedEdges, std::int64_t(1));
    QCOMPARE(decoded->treeEdges.size(), size_t(2));
    const MpiTreeEdge child{3500, 3900, 7, 2, 0, 3, MpiCall::Allreduce, false};
    const MpiTreeEdge parent{3200, 3800, 7, 2, 0, 3, MpiCall::Allreduce, true};
    QVERIFY(std::find(decoded->treeEdges.begin(), decoded->treeEdges.end(), child) !=
            decoded->treeEdges.end());
    QVERIFY(std::find(decoded->treeEdges.begin(), decoded->treeEdges.end(), parent) !=
            decoded->treeEdges.end());
    QCOMPARE(parent.recorder(), 0);
    QCOMPARE(child.recorder(), 2);
}

void TestMpiTreeRun::binomialOverTwoHosts()
{
    const auto run = treeCollectiveRun(binomialTrace(), 0, MpiCall::Allreduce);
    QVERIFY2(run.ok(), run.ok() ? "" : run.error().describe().c_str());
    const Configuration& c = run->configuration;
    // Children first, each gred's own thread last; the proxy on 2 -> 0, on rank 2's host.
    std::vector<std::string> ids;
    for (const Wrapper& w : c.wrappers()) {
        ids.push_back(w.id + ":" + std::string(toString(w.kind)) + "@" + w.host);
    }
    const std::vector<std::string> want{"r1:thread@A", "r3:thread@B", "r2:thread@B",
                                        "g2:gred@B",   "p2:proxy@B",  "r0:thread@A",
                                        "g0:gred@A"};
    QCOMPARE(ids, want);
    QCOMPARE(c.root(), c.indexOf("g0"));
    QCOMPARE(c.wrapper(c.indexOf("g2")).parent, c.indexOf("p2"));
    // Every non-root wrapper has its tuple in every call.
    QCOMPARE(run->tuples.size(), size_t(kCalls * (c.wrapperCount() - 1)));

    const AnalysisReport report = analyze(run.value());
    QCOMPARE(report.calls, std::int64_t(kCalls));
    QCOMPARE(report.incompleteCalls, std::int64_t(0));
    QVERIFY(!report.imbalancePath.empty());
    QCOMPARE(report.idOf(report.imbalancePath.back()), std::string("r3"));
    QVERIFY(std::find(report.imbalancePath.begin(), report.imbalancePath.end(), c.indexOf("g2")) !=
            report.imbalancePath.end());
    QCOMPARE(report.idOf(report.imbalancePath.front()), std::string("g0"));
    // r3's stages: g2, the proxy's hop and the root, adding up to its call time (450 ns).
    const ThreadReport* r3 = report.thread(c.indexOf("r3"));
    QVERIFY(r3);
    QCOMPARE(r3->pathLength, 3);
    double sum = 0;
    bool proxyHop = false;
    for (const TimemapStage& s : r3->timemap) {
        sum += s.meanNs;
        proxyHop = proxyHop || s.wrapper == c.indexOf("p2");
    }
    QVERIFY(proxyHop);
    QCOMPARE(sum, 450.0);
    QCOMPARE(r3->callTime.mean, 450.0);
}

void TestMpiTreeRun::collectiveRunTakesTheTree()
{
    const MpiTrace trace = binomialTrace();
    const auto tree = collectiveRun(trace, 0, MpiCall::Allreduce, RunShape::Hierarchy);
    QVERIFY(tree.ok());
    QVERIFY(tree->configuration.indexOf("p2") >= 0);
    MpiTrace plain = trace;
    plain.treeEdges.clear();
    const auto hierarchy = collectiveRun(plain, 0, MpiCall::Allreduce, RunShape::Hierarchy);
    QVERIFY(hierarchy.ok());
    QCOMPARE(hierarchy->configuration.indexOf("p2"), -1);
    QVERIFY(hierarchy->configuration.indexOf("host:A") >= 0);
}

void TestMpiTreeRun::conflictingParentsAreRefused()
{
    MpiTrace trace = binomialTrace();
    trace.treeEdges.push_back({5, 6, 1, 3, 1, 0, MpiCall::Allreduce, false});
    const auto run = treeCollectiveRun(trace, 0, MpiCall::Allreduce);
    QVERIFY(!run.ok());
    QVERIFY2(run.error().describe().find("rank 3 has two parents, 2 and 1") != std::string::npos,
             run.error().describe().c_str());
    // Another kind's edges are not this one's: Barrier did not go through the tree.
    const auto barrier = treeCollectiveRun(binomialTrace(), 0, MpiCall::Barrier);
    QVERIFY(!barrier.ok());
    QCOMPARE(barrier.error().code, ErrorCode::NotFound);
}

QTEST_GUILESS_MAIN(TestMpiTreeRun)
#include "tst_mpitreerun.moc"
