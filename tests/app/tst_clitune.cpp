// xylem-cli tune as a user runs it, on a tree built badly on purpose: one gred on host C
// (cluster c1) over every thread of four hosts in two clusters, its core on A (cluster c0),
// with an emulated 2 ms wide-area link on every proxy between the clusters. A's and B's
// threads cross the link to the gred and the result crosses it back to the core: two wide
// round trips where one would do. The real tuner (real recordings of xylem-gsum, real analyses)
// must find a tree faster beyond its interval, store one run per try, and write the best.

#include "core/model/configuration.h"
#include "core/model/configurationjson.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/widetree.h"

#include <set>

using namespace xylem;
using namespace xylem::testing;

namespace {

std::set<std::string> threadIds(const Configuration& config)
{
    std::set<std::string> ids;
    for (int t : config.threads()) {
        ids.insert(config.wrapper(t).id);
    }
    return ids;
}

} // namespace

class TestCliTune : public QObject
{
    Q_OBJECT

private slots:
    void findsAFasterTreeThanABadOne()
    {
        QTemporaryDir dir;
        const QString start = dir.filePath("bad.tree.json");
        writeFile(start, QByteArray::fromStdString(configurationToJson(flatGredAcrossClusters())));
        const QString session = dir.filePath("tune.xylem");
        const QString best = dir.filePath("best.tree.json");
        const CliResult r =
            runCli({"tune", "--config", start, "--cluster-link", "2ms", "--iterations", "150",
                    "--max-tries", "5", "--best-out", best, "--json", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        qInfo().noquote() << r.err; // the tries as they went

        const nlohmann::json j = parseJson(r.out);
        QVERIFY2(j.is_object(), qPrintable(r.out));
        const auto& tries = j["tries"];
        QVERIFY(tries.size() >= 2 && tries.size() <= 5);
        QVERIFY(j["path"].size() >= 2);
        QVERIFY2(!j["best_speedup"].is_null(), qPrintable(r.out));
        const double lower = j["best_speedup"]["lower"];
        QVERIFY2(lower > 1.0, qPrintable(r.out));
        qInfo("best against the start: %.2fx [%.2f, %.2f]",
              j["best_speedup"]["value"].get<double>(), lower,
              j["best_speedup"]["upper"].get<double>());

        // One run per try, named as the try, in the order tried.
        auto s = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(s.ok());
        auto runs = store::listRuns(s.value());
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), tries.size());
        for (size_t i = 0; i < tries.size(); ++i) {
            QCOMPARE((*runs)[i].metadata.name, tries[i]["label"].get<std::string>());
            QCOMPARE((*runs)[i].id, tries[i]["run"].get<std::int64_t>());
            QVERIFY((*runs)[i].calls > 0);
        }
        QCOMPARE(tries[0]["label"].get<std::string>(), std::string("tune 1: start"));

        // The best tree is a valid tree of the same threads, and it is what its run recorded.
        auto bestTree = readConfigurationFile(best.toStdString());
        QVERIFY2(bestTree.ok(), bestTree ? "" : bestTree.error().message.c_str());
        QCOMPARE(threadIds(bestTree.value()), threadIds(flatGredAcrossClusters()));
        QVERIFY(!(bestTree->wrappers() == flatGredAcrossClusters().wrappers()));
        auto recorded = store::runConfiguration(s.value(), j["best_run"].get<std::int64_t>());
        QVERIFY(recorded.ok());
        QVERIFY(recorded->wrappers() == bestTree->wrappers());
    }

    void printsEachTryThenThePathAndTheBest()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("s.xylem");
        const CliResult r = runCli({"tune", "--hosts", "A:c0,B:c1", "--threads", "2", "--shape",
                                    "flat", "--cluster-link", "1ms", "--iterations", "100",
                                    "--max-tries", "2", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        // Each try twice: its reason as it starts, its figures as it ends; then three lines.
        QCOMPARE(lines.size(), 2 * 2 + 3);
        QCOMPARE(lines[0], QStringLiteral("tune 1: start: from a flat tree over A:c0,B:c1"));
        QVERIFY2(lines[1].startsWith("tune 1: start: run 1, ") &&
                     lines[1].contains(" calls, mean "),
                 qPrintable(lines[1]));
        QVERIFY2(lines[2].startsWith("tune 2: ") && lines[2].count(": ") >= 2,
                 qPrintable(lines[2]));
        QVERIFY2(lines[3].startsWith("tune 2: ") && lines[3].contains(", speedup ") &&
                     lines[3].contains(" against tune 1"),
                 qPrintable(lines[3]));
        QVERIFY2(lines[4].startsWith("path: tune 1: start ("), qPrintable(lines[4]));
        QVERIFY2(lines[5] == "stopped: reached the most tries (2)" ||
                     lines[5].startsWith("stopped: no neighbour of "),
                 qPrintable(lines[5]));
        QVERIFY2(lines[6].startsWith("best: tune "), qPrintable(lines[6]));
    }

    void aMarginKeepsTheClimbWhereItIs()
    {
        // The bad tree's neighbours are faster (1.5x and more over a 1 ms link), but not by
        // the margin asked for: nothing moves, and each faster try says it is not better.
        QTemporaryDir dir;
        const QString session = dir.filePath("s.xylem");
        const CliResult r =
            runCli({"tune", "--hosts", "A:c0,B:c1", "--threads", "2", "--shape", "flat",
                    "--cluster-link", "1ms", "--iterations", "100", "--max-tries", "3",
                    "--min-speedup", "50", "--json", "-o", session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const nlohmann::json j = parseJson(r.out);
        QCOMPARE(j["best"].get<int>(), 1);
        QCOMPARE(j["path"].size(), size_t(1));
        QCOMPARE(j["tries"].size(), size_t(3));
        for (size_t i = 1; i < j["tries"].size(); ++i) {
            const auto& t = j["tries"][i];
            QVERIFY2(!t["moved"].get<bool>(), t.dump().c_str());
            QCOMPARE(t["min_speedup"].get<double>(), 50.0);
            QVERIFY(!t["improves"].get<bool>());
        }
        QVERIFY2(r.err.contains(" - not better"), qPrintable(r.err));
    }

    void refusesBadInputNamingIt()
    {
        QTemporaryDir dir;
        const QString session = dir.filePath("s.xylem");
        CliResult r =
            runCli({"tune", "--hosts", "A,B", "--cluster-link", "2 parsecs", "-o", session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("2 parsecs"), qPrintable(r.err));

        r = runCli({"tune", "-o", session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--config") && r.err.contains("--hosts"), qPrintable(r.err));

        r = runCli({"tune", "--hosts", "A,B", "--max-tries", "0", "-o", session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("max-tries"), qPrintable(r.err));

        for (const char* margin : {"0.9", "fast", "1.05x"}) {
            r = runCli({"tune", "--hosts", "A,B", "--min-speedup", margin, "-o", session});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("--min-speedup") && r.err.contains(margin), qPrintable(r.err));
        }

        const QString broken = dir.filePath("broken.tree.json");
        writeFile(broken, "{\"format\": \"xylem-tree/1\", \"wrappers\": [");
        r = runCli({"tune", "--config", broken, "-o", session});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("broken.tree.json"), qPrintable(r.err));
        QVERIFY(!QFile::exists(session)); // nothing was recorded
    }
};

QTEST_GUILESS_MAIN(TestCliTune)
#include "tst_clitune.moc"
