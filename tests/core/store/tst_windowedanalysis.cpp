// A stored run analysed in a window (core/store/windowedanalysis.h) is the analysis the CLI
// makes of the same run given as files (analyzeWindowWithCalls on its tuples: an imported run
// stores no clock model, so both see one clock): the same report and the same per-call figures,
// for a window of seqs, a span of the timeline's ns turned into a window, and the whole run.

#include "core/analysis/calldetail.h"
#include "core/analysis/reportjson.h"
#include "core/store/runloader.h"
#include "core/store/windowedanalysis.h"
#include "tests/support/plantedrun.h"
#include "tests/support/storedrun.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <map>
#include <set>

using namespace xylem;

namespace {

constexpr std::int64_t kMs = 1'000'000;

void compareCalls(const std::vector<CallTimes>& got, const std::vector<CallTimes>& expected)
{
    QCOMPARE(got.size(), expected.size());
    for (size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].seq, expected[i].seq);
        QCOMPARE(got[i].startNs, expected[i].startNs);
        QCOMPARE(got[i].operationTime, expected[i].operationTime);
        QCOMPARE(got[i].slowestThreadTime, expected[i].slowestThreadTime);
    }
}

} // namespace

class TestWindowedAnalysis : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::optional<store::Session> m_session;
    std::int64_t m_run = 0;
    Configuration m_config = testing::hierarchyTree("windowed", "4", 2);
    std::vector<Tuple> m_tuples;

    void sameAsFiles(const CallWindow& window)
    {
        std::vector<std::pair<std::int64_t, std::int64_t>> progress;
        const auto stored = store::analyzeStoredRunWithCalls(
            *m_session, m_run, window,
            [&](std::int64_t done, std::int64_t total) { progress.emplace_back(done, total); });
        QVERIFY2(stored, stored ? "" : stored.error().describe().c_str());
        const auto files = analyzeWindowWithCalls(m_config, m_tuples, window);
        QVERIFY(files);
        QCOMPARE(QString::fromStdString(reportToJson(stored->report).dump()),
                 QString::fromStdString(reportToJson(files->report).dump()));
        compareCalls(stored->calls, files->calls);
        QVERIFY(!progress.empty());
        QCOMPARE(progress.back().first, static_cast<std::int64_t>(m_tuples.size()));
        const auto reportOnly = store::analyzeStoredRunIn(*m_session, m_run, window);
        QVERIFY(reportOnly);
        QCOMPARE(QString::fromStdString(reportToJson(reportOnly.value()).dump()),
                 QString::fromStdString(reportToJson(files->report).dump()));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const std::string path = m_dir.filePath(QStringLiteral("w.xylem")).toStdString();
        m_tuples = testing::simulateTrace(
            m_config, testing::culpritAndDaemon(600, 7, "h1.t1", 20'000, "h3.t0"));
        // Call 200 loses a tuple: an incomplete call inside the windows below.
        const auto lost = std::find_if(m_tuples.begin(), m_tuples.end(),
                                       [](const Tuple& t) { return t.seq == 200; });
        QVERIFY(lost != m_tuples.end());
        m_tuples.erase(lost);
        const auto run = testing::storeRun(path, m_config, m_tuples, "planted");
        QVERIFY(run);
        m_run = run.value();
        auto session = store::Session::open(path, store::OpenMode::ReadOnly);
        QVERIFY(session);
        m_session.emplace(std::move(session).value());
    }

    void aWindowOfSeqs()
    {
        CallWindow window;
        window.skip = 10;
        window.from = WindowBound{WindowBound::Kind::Seq, 150};
        window.to = WindowBound{WindowBound::Kind::Seq, 449};
        sameAsFiles(window);
        const auto stored = store::analyzeStoredRunWithCalls(*m_session, m_run, window);
        QVERIFY(stored);
        QCOMPARE(stored->calls.front().seq, std::int64_t{150});
        QCOMPARE(stored->calls.back().seq, std::int64_t{449});
        QCOMPARE(stored->calls.size(), size_t{299}); // 300 calls, 200 incomplete
        QCOMPARE(stored->report.calls, std::int64_t{299});
    }

    // The timeline's range [from, to) in ns on the run's clock keeps the calls whose earliest
    // down lies in it: counted here from the tuples.
    void aSpanOfTheTimeline()
    {
        const std::int64_t first =
            std::min_element(m_tuples.begin(), m_tuples.end(), [](const Tuple& a, const Tuple& b) {
                return a.down < b.down;
            })->down;
        const std::int64_t from = first + 23 * kMs + 7;
        const std::int64_t to = first + 71 * kMs + 3;
        const CallWindow window = store::windowOfSpan(from, to, first);
        QCOMPARE(window.skip, std::int64_t{0});
        QVERIFY(window.from && window.to);
        QCOMPARE(window.from->kind, WindowBound::Kind::Time);
        QCOMPARE(window.from->value, 23 * kMs + 7);
        QCOMPARE(window.to->value, 71 * kMs + 3);
        sameAsFiles(window);
        std::map<std::int64_t, std::int64_t> start;
        for (const Tuple& t : m_tuples) {
            auto [it, added] = start.try_emplace(t.seq, t.down);
            it->second = std::min(it->second, t.down);
        }
        std::set<std::int64_t> inside;
        for (const auto& [seq, down] : start) {
            if (down >= from && down < to && seq != 200) {
                inside.insert(seq);
            }
        }
        const auto stored = store::analyzeStoredRunWithCalls(*m_session, m_run, window);
        QVERIFY(stored);
        QVERIFY(inside.size() > 100);
        QCOMPARE(static_cast<size_t>(stored->report.calls), inside.size());
        std::set<std::int64_t> got;
        for (const CallTimes& c : stored->calls) {
            got.insert(c.seq);
        }
        QCOMPARE(got, inside);
        // Before the run's start counts from the start.
        QCOMPARE(store::windowOfSpan(first - 5, to, first).from->value, std::int64_t{0});
    }

    // The whole run: analyzeStoredRun's report and the stored call records.
    void theWholeRun()
    {
        const auto stored = store::analyzeStoredRunWithCalls(*m_session, m_run, CallWindow{});
        QVERIFY(stored);
        QCOMPARE(QString::fromStdString(reportToJson(stored->report).dump()),
                 QString::fromStdString(reportToJson(analyze(m_config, m_tuples)).dump()));
        compareCalls(stored->calls, completeCallTimes(m_config, m_tuples));
        QCOMPARE(stored->report.calls, std::int64_t{599});
    }

    void aWindowWithoutCallsSaysSo()
    {
        const std::int64_t first = m_tuples.front().down;
        const auto empty = store::analyzeStoredRunWithCalls(
            *m_session, m_run,
            store::windowOfSpan(first + 10'000 * kMs, first + 20'000 * kMs, first));
        QVERIFY(!empty);
        QVERIFY(QString::fromStdString(empty.error().describe()).contains("keeps none"));
        CallWindow onlyIncomplete;
        onlyIncomplete.from = WindowBound{WindowBound::Kind::Seq, 200};
        onlyIncomplete.to = WindowBound{WindowBound::Kind::Seq, 200};
        const auto none = store::analyzeStoredRunIn(*m_session, m_run, onlyIncomplete);
        QVERIFY(!none);
        QVERIFY(QString::fromStdString(none.error().describe()).contains("none of them complete"));
        QVERIFY(!store::analyzeStoredRunIn(*m_session, m_run + 5, CallWindow{}));
    }
};

QTEST_GUILESS_MAIN(TestWindowedAnalysis)
#include "tst_windowedanalysis.moc"
