// The slowest stored call of a run or of a time window of it (core/store/sloweststoredcall.h)
// is the one a scan of every per-call record picks by (operation time, seq), for the whole run,
// windows whose edges cut the timeline's buckets, a bucket's width, and a window without calls.

#include "core/analysis/calldetail.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/sloweststoredcall.h"
#include "tests/support/plantedrun.h"
#include "tests/support/storedrun.h"

#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace xylem;

namespace {

// Every record scanned: the largest (operation time, seq) among the calls starting in the window.
std::optional<std::int64_t> scanned(const std::vector<CallTimes>& calls,
                                    std::optional<store::TimeWindow> window)
{
    std::optional<CallTimes> best;
    for (const CallTimes& c : calls) {
        if (window && (c.startNs < window->fromNs || c.startNs >= window->toNs)) {
            continue;
        }
        if (!best || c.operationTime > best->operationTime ||
            (c.operationTime == best->operationTime && c.seq > best->seq)) {
            best = c;
        }
    }
    return best ? std::optional(best->seq) : std::nullopt;
}

} // namespace

class TestSlowestStoredCall : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::optional<store::Session> m_session;
    std::int64_t m_run = 0;
    std::vector<CallTimes> m_calls;
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;

private slots:
    void initTestCase()
    {
        const std::string path = m_dir.filePath(QStringLiteral("s.xylem")).toStdString();
        const Configuration config = testing::hierarchyTree("slowest", "4", 2);
        // A daemon makes some calls 3 ms slower: a few much slower calls among many alike.
        const auto tuples = testing::simulateTrace(
            config, testing::culpritAndDaemon(20'000, 3, "h1.t1", 20'000, "h2.t0"));
        const auto run = testing::storeRun(path, config, tuples, "planted");
        QVERIFY(run);
        m_run = run.value();
        auto session = store::Session::open(path, store::OpenMode::ReadOnly);
        QVERIFY(session);
        m_session.emplace(std::move(session).value());
        m_calls = store::loadCalls(*m_session, m_run).value();
        QCOMPARE(m_calls.size(), size_t{20'000});
        const auto info = store::runInfo(*m_session, m_run).value();
        m_first = *info.firstNs;
        m_last = *info.lastNs;
    }

    void theWholeRun()
    {
        const auto seq = store::slowestStoredCall(*m_session, m_run);
        QVERIFY(seq);
        QVERIFY(seq.value());
        QCOMPARE(*seq.value(), *scanned(m_calls, std::nullopt));
        QCOMPARE(*seq.value(), *slowestCall(m_calls));
    }

    void windowsThatCutBuckets()
    {
        std::mt19937_64 random(11);
        std::uniform_int_distribution<std::int64_t> at(m_first, m_last);
        for (int i = 0; i < 40; ++i) {
            std::int64_t from = at(random);
            std::int64_t to = at(random);
            if (from > to) {
                std::swap(from, to);
            }
            const store::TimeWindow window{from, to + 1};
            const auto seq = store::slowestStoredCall(*m_session, m_run, window);
            QVERIFY(seq);
            QCOMPARE(seq.value(), scanned(m_calls, window));
        }
        // A bucket's width around the slowest call of all, and a window just after it: the
        // bucket holding it is cut, and its max is not the window's.
        const CallTimes& top =
            *std::find_if(m_calls.begin(), m_calls.end(),
                          [&](const CallTimes& c) { return c.seq == *slowestCall(m_calls); });
        for (const store::TimeWindow window :
             {store::TimeWindow{top.startNs - 50'000, top.startNs + 50'000},
              store::TimeWindow{top.startNs + 1, top.startNs + 30'000'000},
              store::TimeWindow{top.startNs - 30'000'000, top.startNs}}) {
            const auto seq = store::slowestStoredCall(*m_session, m_run, window);
            QVERIFY(seq);
            QCOMPARE(seq.value(), scanned(m_calls, window));
        }
    }

    void aWindowWithoutCalls()
    {
        const auto none = store::slowestStoredCall(*m_session, m_run,
                                                   store::TimeWindow{m_last + 10, m_last + 99});
        QVERIFY(none);
        QVERIFY(!none.value());
        QVERIFY(!store::slowestStoredCall(*m_session, m_run + 7));
    }
};

QTEST_GUILESS_MAIN(TestSlowestStoredCall)
#include "tst_sloweststoredcall.moc"
