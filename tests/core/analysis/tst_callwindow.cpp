// Analysis windows (metrics.md §9): the bound parser, and the analysis of a windowed run against
// the analysis of the same trace cut by hand (a reference cut written here, independently).

#include "core/analysis/calldetail.h"
#include "core/analysis/callwindow.h"
#include "core/analysis/reportjson.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <algorithm>
#include <map>
#include <random>

#include "generatedcases.h"

using namespace xylem;

namespace {

constexpr std::int64_t kMs = 1'000'000;

WindowBound seqBound(std::int64_t s)
{
    return WindowBound{WindowBound::Kind::Seq, s};
}
WindowBound timeBound(std::int64_t ns)
{
    return WindowBound{WindowBound::Kind::Time, ns};
}

// The reference: group the calls by seq in a map, drop the first `skip` keys, measure time from
// the first down of all tuples, keep a call when every given bound admits it.
std::vector<Tuple> cutByHand(const std::vector<Tuple>& tuples, const CallWindow& w)
{
    std::map<std::int64_t, std::vector<Tuple>> calls;
    std::int64_t origin = tuples.front().down;
    for (const Tuple& t : tuples) {
        calls[t.seq].push_back(t);
        origin = std::min(origin, t.down);
    }
    std::vector<Tuple> kept;
    std::int64_t skipped = 0;
    for (const auto& [seq, call] : calls) {
        if (skipped++ < w.skip) {
            continue;
        }
        std::int64_t start = call.front().down;
        for (const Tuple& t : call) {
            start = std::min(start, t.down);
        }
        const std::int64_t since = start - origin;
        if (w.from) {
            if (w.from->kind == WindowBound::Kind::Seq ? seq < w.from->value
                                                       : since < w.from->value) {
                continue;
            }
        }
        if (w.to) {
            if (w.to->kind == WindowBound::Kind::Seq ? seq > w.to->value : since >= w.to->value) {
                continue;
            }
        }
        kept.insert(kept.end(), call.begin(), call.end());
    }
    return kept;
}

std::string reportText(const AnalysisReport& r)
{
    return reportToJson(r).dump();
}

// A simulated run with some tuples dropped (incomplete calls) and the rows shuffled.
std::vector<Tuple> roughTrace(const Configuration& config, std::uint64_t seed)
{
    testing::SimulationSpec spec;
    spec.calls = 60;
    spec.seed = seed;
    spec.firstSeq = 3;
    spec.period = kMs; // a call every millisecond
    std::vector<Tuple> tuples = testing::simulateTrace(config, spec);
    std::mt19937_64 random(seed);
    std::vector<Tuple> rough;
    const auto wrappers = static_cast<std::uint64_t>(config.wrapperCount());
    for (const Tuple& t : tuples) {
        // About one call in five loses one tuple (chosen by its seq): an incomplete call.
        const auto s = static_cast<std::uint64_t>(t.seq) * 2654435761u + seed;
        if (s % 5 != 0 || t.collector != (s / 5) % wrappers) {
            rough.push_back(t);
        }
    }
    std::shuffle(rough.begin(), rough.end(), random);
    return rough;
}

} // namespace

class TestCallWindow : public QObject
{
    Q_OBJECT

private slots:
    void parsesBounds_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("isSeq");
        QTest::addColumn<qint64>("value");
        QTest::newRow("#0") << "#0" << true << qint64(0);
        QTest::newRow("#12") << "#12" << true << qint64(12);
        QTest::newRow("250ms") << "250ms" << false << qint64(250 * kMs);
        QTest::newRow("3s") << "3s" << false << qint64(3000 * kMs);
        QTest::newRow("1.5s") << "1.5s" << false << qint64(1500 * kMs);
        QTest::newRow("800us") << "800us" << false << qint64(800'000);
        QTest::newRow("800µs") << "800µs" << false << qint64(800'000);
        QTest::newRow("7ns") << "7ns" << false << qint64(7);
        QTest::newRow("0.25ms") << "0.25ms" << false << qint64(250'000);
        QTest::newRow("rounded down") << "1.0000000019s" << false << qint64(1'000'000'001);
        QTest::newRow("0s") << "0s" << false << qint64(0);
    }
    void parsesBounds()
    {
        QFETCH(QString, text);
        QFETCH(bool, isSeq);
        QFETCH(qint64, value);
        const auto bound = parseWindowBound(text.toStdString());
        QVERIFY2(bound.ok(), bound ? "" : bound.error().describe().c_str());
        QCOMPARE(bound->kind == WindowBound::Kind::Seq, isSeq);
        QCOMPARE(qint64(bound->value), value);
        // What toString writes parses back to the same bound.
        const auto again = parseWindowBound(toString(bound.value()));
        QVERIFY(again.ok());
        QVERIFY(again.value() == bound.value());
    }

    void refusesBadBoundsNamingThem_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("why");
        QTest::newRow("empty") << ""
                               << "empty";
        QTest::newRow("#") << "#"
                           << "# and digits";
        QTest::newRow("#-1") << "#-1"
                             << "# and digits";
        QTest::newRow("#1.5") << "#1.5"
                              << "# and digits";
        QTest::newRow("no unit") << "250"
                                 << "no unit";
        QTest::newRow("word") << "soon"
                              << "not a number";
        QTest::newRow("negative") << "-1s"
                                  << "not a number";
        QTest::newRow("two dots") << "1.2.3s"
                                  << "not a number";
        QTest::newRow(".5s") << ".5s"
                             << "not a number";
        QTest::newRow("1.s") << "1.s"
                             << "not a number";
        QTest::newRow("minutes") << "5min"
                                 << "unknown unit 'min'";
        QTest::newRow("huge") << "99999999999999999999s"
                              << "too large";
        QTest::newRow("huge seq") << "#99999999999999999999"
                                  << "too large";
        QTest::newRow("space") << "250 ms"
                               << "unknown unit ' ms'";
    }
    void refusesBadBoundsNamingThem()
    {
        QFETCH(QString, text);
        QFETCH(QString, why);
        const auto bound = parseWindowBound(text.toStdString());
        QVERIFY(!bound.ok());
        const QString message = QString::fromStdString(bound.error().message);
        QVERIFY2(message.contains("'" + text + "'"), qPrintable(message));
        QVERIFY2(message.contains(why), qPrintable(message));
        QVERIFY2(message.contains("250ms"), qPrintable(message)); // says what to give instead
    }

    void refusesAWindowThatEndsBeforeItStarts()
    {
        QVERIFY(!checkWindow(CallWindow{0, seqBound(10), seqBound(5)}).ok());
        QVERIFY(!checkWindow(CallWindow{0, timeBound(2 * kMs), timeBound(kMs)}).ok());
        QVERIFY(!checkWindow(CallWindow{0, timeBound(kMs), timeBound(kMs)}).ok()); // [1ms, 1ms)
        QVERIFY(!checkWindow(CallWindow{-1, {}, {}}).ok());
        QVERIFY(checkWindow(CallWindow{0, seqBound(5), seqBound(5)}).ok());     // one call
        QVERIFY(checkWindow(CallWindow{0, seqBound(50), timeBound(kMs)}).ok()); // told by the run
        const auto e = checkWindow(CallWindow{0, seqBound(10), seqBound(5)});
        const std::string message = e.error().message;
        QVERIFY2(message.find("#10") != std::string::npos &&
                     message.find("#5") != std::string::npos,
                 message.c_str());
    }

    // The two-hosts example by hand: calls 0, 1, 2 start at 1000, 21000 and 41000 ns.
    void twoHostsByHand()
    {
        const Run run = testing::exampleRun("two-hosts");
        const auto keeps = [&](CallWindow w) {
            auto r = analyzeWindow(run.configuration, run.tuples, w);
            return r ? r->calls : -1;
        };
        QCOMPARE(keeps(CallWindow{}), 3);
        QCOMPARE(keeps(CallWindow{1, {}, {}}), 2);
        QCOMPARE(keeps(CallWindow{0, seqBound(1), seqBound(1)}), 1);
        // From inclusive: call 1 starts exactly 20 us after the first down; to exclusive: call 2
        // starts exactly 40 us after it.
        QCOMPARE(keeps(CallWindow{0, timeBound(20'000), timeBound(40'000)}), 1);
        QCOMPARE(keeps(CallWindow{0, timeBound(20'001), {}}), 1);
        QCOMPARE(keeps(CallWindow{0, {}, timeBound(40'001)}), 3);
        const auto cut = cutToWindow(run.tuples, CallWindow{0, timeBound(20'000), {}});
        QVERIFY(cut.ok());
        QCOMPARE(cut->originNs, 1000);
        QCOMPARE(cut->calls, 2);
        QCOMPARE(cut->firstSeq, 1);
        QCOMPARE(cut->lastSeq, 2);
        QCOMPARE(cut->tuples.size(), size_t(12));
    }

    // Skip drops the lowest seqs present, complete or not; an incomplete call inside stays one.
    void incompleteCallsAreCallsOfTheWindow()
    {
        Run run = testing::exampleRun("two-hosts");
        // Call 0 loses T2's tuple, call 2 loses gB's.
        std::erase_if(run.tuples, [&](const Tuple& t) {
            const std::string& id = run.configuration.wrapper(static_cast<int>(t.collector)).id;
            return (t.seq == 0 && id == "T2") || (t.seq == 2 && id == "gB");
        });
        auto whole = analyzeWindow(run.configuration, run.tuples, CallWindow{});
        QVERIFY(whole.ok());
        QCOMPARE(whole->calls, 1);
        QCOMPARE(whole->incompleteCalls, 2);
        auto skipped = analyzeWindow(run.configuration, run.tuples, CallWindow{1, {}, {}});
        QVERIFY(skipped.ok());
        QCOMPARE(skipped->calls, 1);
        QCOMPARE(skipped->incompleteCalls, 1);
        auto last = analyzeWindow(run.configuration, run.tuples, CallWindow{0, seqBound(2), {}});
        QVERIFY(!last.ok()); // one call kept, and it is incomplete
        const std::string message = last.error().message;
        QVERIFY2(message.find("none of them complete") != std::string::npos, message.c_str());
        QVERIFY2(message.find("#2") != std::string::npos, message.c_str());
    }

    void aWindowThatKeepsNothingIsAnError_data()
    {
        QTest::addColumn<qint64>("skip");
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::newRow("skip all") << qint64(3) << ""
                                  << "";
        QTest::newRow("skip more") << qint64(1000) << ""
                                   << "";
        QTest::newRow("from after the last") << qint64(0) << "#3"
                                             << "";
        QTest::newRow("to before the first") << qint64(0) << ""
                                             << "0ns";
        QTest::newRow("time after the run") << qint64(0) << "1s"
                                            << "";
        QTest::newRow("skip past from/to") << qint64(2) << ""
                                           << "#1";
        QTest::newRow("between calls") << qint64(0) << "21us"
                                       << "39us";
    }
    void aWindowThatKeepsNothingIsAnError()
    {
        QFETCH(qint64, skip);
        QFETCH(QString, from);
        QFETCH(QString, to);
        const Run run = testing::exampleRun("two-hosts");
        CallWindow w{skip, {}, {}};
        if (!from.isEmpty()) {
            w.from = parseWindowBound(from.toStdString()).value();
        }
        if (!to.isEmpty()) {
            w.to = parseWindowBound(to.toStdString()).value();
        }
        const auto r = analyzeWindow(run.configuration, run.tuples, w);
        QVERIFY(!r.ok());
        const std::string message = r.error().message;
        QVERIFY2(message.find("keeps none of the run's 3 calls (#0 to #2") != std::string::npos,
                 message.c_str());
        QVERIFY2(message.find(describe(w)) != std::string::npos, message.c_str());
    }

    void describesTheWindow()
    {
        QCOMPARE(describe(CallWindow{}), std::string("the whole run"));
        QCOMPARE(describe(CallWindow{10, seqBound(20), timeBound(1500 * kMs)}),
                 std::string("skip the first 10 calls, from #20, to 1500ms"));
    }

    // On generated trees: the windowed analysis equals the analysis of the hand-cut trace.
    // Calls numbered 3, 4, 5, ... and, sparse, 3 x 100003, 4 x 100003, ...
    void equalsTheAnalysisOfAHandCutTrace_data() { testing::addGeneratedTreeRows(); }
    void equalsTheAnalysisOfAHandCutTrace()
    {
        const Configuration config = testing::fetchGeneratedTree();
        for (const std::int64_t spread : {1, 100003}) {
            checkWindowsOfAHandCutTrace(config, spread);
            if (QTest::currentTestFailed()) {
                qWarning("seqs spread by %lld", static_cast<long long>(spread));
                return;
            }
        }
    }

private:
    void checkWindowsOfAHandCutTrace(const Configuration& config, std::int64_t spread)
    {
        std::vector<Tuple> tuples = roughTrace(config, 7 + config.threads().size());
        for (Tuple& t : tuples) {
            t.seq *= spread;
        }
        const auto seqBound = [&](std::int64_t s) {
            return ::seqBound(s * spread);
        };
        // Windows meet incomplete calls (with one collector a lost tuple is a lost call).
        QVERIFY(config.collectorCount() == 1 || analyze(config, tuples).incompleteCalls > 0);
        const std::vector<CallWindow> windows = {
            {5, {}, {}},
            {0, seqBound(10), {}},
            {0, {}, seqBound(40)},
            {0, seqBound(10), seqBound(40)},
            {0, timeBound(12 * kMs), {}},
            {0, {}, timeBound(30 * kMs + 500'000)},
            {0, timeBound(7 * kMs + 1), timeBound(50 * kMs)},
            {4, seqBound(10), timeBound(40 * kMs)},
            {20, timeBound(5 * kMs), seqBound(45)},
            {30, seqBound(12), seqBound(50)},
        };
        for (const CallWindow& w : windows) {
            const auto windowed = analyzeWindow(config, tuples, w);
            QVERIFY2(windowed.ok(), windowed ? "" : windowed.error().describe().c_str());
            const std::vector<Tuple> cut = cutByHand(tuples, w);
            const AnalysisReport reference = analyze(config, cut);
            QVERIFY2(reference.calls > 0, describe(w).c_str()); // the window keeps something
            QVERIFY2(reference.calls + reference.incompleteCalls < 60, describe(w).c_str());
            const std::string expected = reportText(reference); // the reports of big trees
            QCOMPARE(reportText(windowed.value()), expected);   // are slow to write: once each
            // With the per-call figures of the window's complete calls, as the cut's.
            const auto withCalls = analyzeWindowWithCalls(config, tuples, w);
            QVERIFY(withCalls.ok());
            QCOMPARE(withCalls->report.calls, reference.calls);
            QCOMPARE(withCalls->report.incompleteCalls, reference.incompleteCalls);
            QCOMPARE(withCalls->report.operationTime.mean, reference.operationTime.mean);
            const std::vector<CallTimes> calls = completeCallTimes(config, cut);
            QCOMPARE(withCalls->calls.size(), calls.size());
            QCOMPARE(std::int64_t(calls.size()), reference.calls);
            for (size_t i = 0; i < calls.size(); ++i) {
                QCOMPARE(withCalls->calls[i].seq, calls[i].seq);
                QCOMPARE(withCalls->calls[i].operationTime, calls[i].operationTime);
            }
        }
        // And the whole run is the run.
        const auto whole = analyzeWindow(config, tuples, CallWindow{});
        QVERIFY(whole.ok());
        QCOMPARE(reportText(whole.value()), reportText(analyze(config, tuples)));
    }
};

QTEST_GUILESS_MAIN(TestCallWindow)
#include "tst_callwindow.moc"
