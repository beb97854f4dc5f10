// A node-side monitor's state goes up the tree as a typed record (core/protocol/gatherrecords.h)
// and comes out at the front-end as what is stored: the statistics monitor's JSON exactly as
// the monitor wrote it (keys, order, nulls), and the last-arrival counts in the tally.

#include "collectors/collector/monitorrecords.h"
#include "core/analysis/livemonitors.h"
#include "core/live/monitorlines.h"
#include "core/protocol/gatherrecords.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

using namespace xylem;

class TestMonitorRecords : public QObject
{
    Q_OBJECT

private slots:
    void statisticsStateComesOutAsTheMonitorWroteIt()
    {
        const Run run = testing::exampleRun("two-hosts");
        const auto tuples = testing::simulateTrace(run.configuration, {.calls = 50, .seed = 3});
        std::map<std::string, std::string> byHost;
        std::vector<std::uint8_t> joined; // both hosts' records, as the concat filter joins them
        std::map<std::string, std::string> expected;
        for (const char* host : {"A", "B"}) {
            auto view = LocalView::make(run.configuration, host);
            QVERIFY(view);
            StatisticsMonitor monitor(std::move(view).value());
            if (std::string(host) == "A") {
                monitor.add(tuples); // B's monitor has seen nothing: its nulls travel too
            }
            expected[host] = monitor.result().dump();
            QVERIFY(collector::appendMonitorRecord(2, expected[host], joined));
        }
        QVERIFY(live::collectStatisticsRecords(joined, byHost));
        QCOMPARE(byHost, expected);
    }

    void lastArrivalStateSetsTheTally()
    {
        const Run run = testing::exampleRun("two-hosts");
        const auto tuples = testing::simulateTrace(run.configuration, {.calls = 80, .seed = 5});
        std::vector<std::uint8_t> joined;
        std::vector<protocol::LastArrivalState> sent;
        for (const char* host : {"A", "B"}) {
            auto view = LocalView::make(run.configuration, host);
            QVERIFY(view);
            LastArrivalMonitor monitor(std::move(view).value());
            monitor.add(tuples);
            QVERIFY(collector::appendMonitorRecord(1, monitor.result().dump(), joined));
        }
        const auto states = protocol::decodeLastArrivalStates(joined);
        QVERIFY(states);
        QCOMPARE(states->size(), size_t(2));
        LastArrivalTally tally(std::make_shared<const Topology>(run.configuration));
        QVERIFY(live::applyLastArrivalRecords(joined, run.configuration, tally));
        std::int64_t total = 0;
        for (const auto& state : states.value()) {
            for (const auto& gred : state.greds) {
                for (const auto& c : gred.contributors) {
                    total += c.lastArrivals;
                }
            }
        }
        std::int64_t tallied = 0;
        for (const GredReport& g : tally.gredReports()) {
            for (const ContributorReport& c : g.contributors) {
                tallied += c.lastArrivals;
            }
        }
        QVERIFY(total > 0);
        QCOMPARE(tallied, total);
    }

    void aResultThatIsNoStateIsRefused()
    {
        std::vector<std::uint8_t> out;
        QVERIFY(!collector::appendMonitorRecord(2, "[1, 2]", out));
        QVERIFY(out.empty());
    }
};

QTEST_GUILESS_MAIN(TestMonitorRecords)
#include "tst_monitorrecords.moc"
