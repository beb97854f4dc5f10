// Scope designs on a real local tree (issue 10): `xylem-cli record --design F --figures-json`
// deploys a design over xylem-gsum, figures arrive for every node of the design, and a changed
// design written over the file is redeployed while gsum keeps running — gsum's sums stay right
// (it exits 0 only when every sum was), the stored run stays whole, and the session keeps both
// designs, linked to the run. Reduce, equivalence and plugin filters run as streams of their
// own, and their newest results arrive in the figures lines; one that fails says so.

#include "core/live/designstore.h"
#include "core/live/scopedesignjson.h"
#include "core/live/scopefigures.h"
#include "core/live/scopegenerator.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/waituntil.h"

#include <algorithm>
#include <QDir>

using namespace xylem;
using namespace xylem::testing;

namespace {

// h0 and h1 (record --hosts 2) under a relay, raw tracing, one helper thread everywhere.
live::ScopeDesign twoHostDesign()
{
    live::DesignSpec spec;
    spec.shape = gather::TopologyShape::Kary;
    spec.fanout = 2;
    spec.hosts.hosts = {"h0", "h1"};
    spec.name = "two hosts";
    live::ScopeDesign design = live::generateDesign(spec).value();
    // A relay over both collectors (k-ary with two leaves puts them under the front-end).
    live::DesignNode relay;
    relay.kind = live::DesignNodeKind::Relay;
    relay.host = "h0";
    relay.parent = design.frontEnd()->id;
    const int relayId = live::addNode(design, relay).value();
    for (const auto& node : std::vector<live::DesignNode>(design.nodes)) {
        if (node.kind == live::DesignNodeKind::Collector) {
            (void)live::connect(design, node.id, relayId);
        }
    }
    (void)live::applyPreset(design, live::Monitor::Raw);
    for (const auto& node : std::vector<live::DesignNode>(design.nodes)) {
        if (node.kind == live::DesignNodeKind::Relay ||
            node.kind == live::DesignNodeKind::FrontEnd) {
            (void)live::setGather(design, node.id, {1, {}});
        }
    }
    return design;
}

// Writes the design as a tuner would: a temporary file renamed over the watched one.
void replaceDesign(const QString& path, const live::ScopeDesign& design)
{
    const std::string temporary = (path + ".tmp").toStdString();
    QVERIFY(live::writeDesignFile(temporary, design));
    QVERIFY(QFile::remove(path) || !QFile::exists(path));
    QVERIFY(QFile::rename(QString::fromStdString(temporary), path));
}

} // namespace

class TestCliDesign : public QObject
{
    Q_OBJECT

private slots:
    void aDesignIsDeployedTunedAndKept()
    {
        QTemporaryDir dir;
        const QString designPath = dir.filePath("scope.design.json");
        const QString session = dir.filePath("design.xylem");
        const live::ScopeDesign design = twoHostDesign();
        QVERIFY2(live::validate(design).empty(), "the test's design is valid");
        QVERIFY(live::writeDesignFile(designPath.toStdString(), design));

        QProcess record;
        record.start(QStringLiteral(XYLEM_CLI),
                     {"record", "--hosts", "2", "--threads", "2", "--iterations", "150000",
                      "--design", designPath, "--figures-json", "-o", session});
        QStringList lines;
        QString partial;
        auto readLines = [&] {
            record.waitForReadyRead(50); // no event loop here: let QProcess read the pipe
            partial += QString::fromUtf8(record.readAllStandardOutput());
            const int end = partial.lastIndexOf('\n');
            if (end >= 0) {
                lines += partial.left(end).split('\n', Qt::SkipEmptyParts);
                partial = partial.mid(end + 1);
            }
        };
        auto figureLines = [&] {
            return lines.filter(QRegularExpression("^\\{\"figures\""));
        };
        // Figures with tuples flowing: gsum runs.
        QVERIFY2(waitUntil(
                     [&] {
                         readLines();
                         const auto f = figureLines();
                         return !f.isEmpty() && f.last().contains("\"tuples_per_s\":") &&
                                !f.last().contains("\"tuples_per_s\":0.0");
                     },
                     std::chrono::seconds(60)),
                 qPrintable(lines.join('\n') + record.readAllStandardError()));
        auto first = live::figuresFromJson(figureLines().last().toStdString());
        QVERIFY2(first, first ? "" : first.error().describe().c_str());
        for (const auto& node : design.nodes) {
            if (node.kind != live::DesignNodeKind::Filter) {
                QVERIFY2(first->count(node.id),
                         qPrintable("no figures for node " + QString::number(node.id)));
            }
        }
        QVERIFY(first->at(design.frontEnd()->id).tuplesPerSecond > 0);

        // More helper threads everywhere, a time-out and bigger rings: applied while gsum runs
        // (its threads move to new rings; the run below stays whole).
        live::ScopeDesign tuned = design;
        tuned.name = "two hosts, tuned";
        for (const auto& node : design.nodes) {
            if (node.kind == live::DesignNodeKind::Relay ||
                node.kind == live::DesignNodeKind::FrontEnd) {
                QVERIFY(live::setGather(tuned, node.id,
                                        {4, {gather::SyncMode::TimeOut, std::chrono::seconds(2)}}));
            }
            if (node.kind == live::DesignNodeKind::Collector) {
                QVERIFY(live::setRing(tuned, node.id, {1u << 18, node.ring.bufferPolicy}));
            }
        }
        replaceDesign(designPath, tuned);
        QVERIFY2(waitUntil(
                     [&] {
                         readLines();
                         return !lines.filter("record: redeploy").isEmpty();
                     },
                     std::chrono::seconds(30)),
                 qPrintable(lines.join('\n')));
        QVERIFY2(!lines
                      .filter("record: redeployed design \"two hosts, tuned\": streams "
                              "reopened")
                      .isEmpty(),
                 qPrintable(lines.filter("record: redeploy").join('\n')));
        QVERIFY2(!lines.filter("ring capacity sent to the collectors").isEmpty(),
                 qPrintable(lines.filter("record: redeploy").join('\n')));
        QVERIFY2(lines.filter("the program exited").isEmpty(), "redeployed while gsum runs");
        const int figuresBefore = figureLines().size();

        // A design whose tree differs (a collector moved up to the front-end) is refused, and
        // the tuned one goes on.
        live::ScopeDesign moved = tuned;
        moved.name = "moved";
        for (const auto& node : tuned.nodes) {
            if (node.kind == live::DesignNodeKind::Collector && node.host == "h1") {
                QVERIFY(live::connect(moved, node.id, moved.frontEnd()->id));
            }
        }
        replaceDesign(designPath, moved);
        QVERIFY2(waitUntil(
                     [&] {
                         readLines();
                         return !lines.filter("record: redeploy refused").isEmpty();
                     },
                     std::chrono::seconds(30)),
                 qPrintable(lines.filter("record:").join('\n')));
        QVERIFY2(!lines.filter("the design's tree differs from the running tree").isEmpty(),
                 qPrintable(lines.filter("record: redeploy").join('\n')));

        QVERIFY(record.waitForFinished(180000));
        readLines();
        const QString err = QString::fromUtf8(record.readAllStandardError());
        // The threads moved to second rings (named "...-1") when the ring capacity changed.
        QVERIFY2(QRegularExpression("found ring /\\S+-1 \\([^)]*, 262144 tuples\\)")
                     .match(err)
                     .hasMatch(),
                 qPrintable(err.right(3000)));
        QVERIFY2(record.exitCode() == 0, qPrintable(lines.join('\n') + err));
        QVERIFY2(!lines.filter("record: the program exited with code 0").isEmpty(),
                 qPrintable(lines.filter("record:").join('\n'))); // every sum right
        QVERIFY2(figureLines().size() > figuresBefore, "figures go on after the redeployment");
        // The summary covers the whole run, not only the stretch since the last redeployment.
        const auto summary =
            QRegularExpression("record: (\\d+) complete calls").match(lines.join('\n'));
        QVERIFY2(summary.hasMatch() && summary.captured(1).toLongLong() >= 150000,
                 qPrintable(lines.filter("record:").join('\n') + '\n' + err.right(3000)));
        auto last = live::figuresFromJson(figureLines().last().toStdString());
        QVERIFY(last);
        QCOMPARE(last->size(), first->size());

        // The stored run is whole across the redeployment: at most the interrupted last call.
        const CliResult analyzed =
            runCli({"analyze", "--session", session, "--run", "1", "--json"});
        QCOMPARE(analyzed.exitCode, 0);
        const auto report = parseJson(analyzed.out);
        QVERIFY2(report["calls"].get<int>() >= 150000, qPrintable(analyzed.out.left(300)));
        QVERIFY2(report["incomplete_calls"].get<int>() <= 1, qPrintable(analyzed.out.left(300)));

        auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(opened);
        auto used = live::designsOfRun(opened.value(), 1);
        QVERIFY2(used, used ? "" : used.error().describe().c_str());
        QCOMPARE(used->size(), size_t(2)); // the refused one is not among them
        QVERIFY(used->at(0).design == design);
        QVERIFY(used->at(1).design == tuned);
    }

    void ownStreamFiltersShowTheirResults()
    {
        QTemporaryDir dir;
        const QString designPath = dir.filePath("filters.design.json");
        live::ScopeDesign design = twoHostDesign();
        int relay = live::kNoNode;
        for (const auto& node : design.nodes) {
            relay = node.kind == live::DesignNodeKind::Relay ? node.id : relay;
        }
        auto attach = [&](int to, live::FilterSettings settings) {
            live::DesignNode filter;
            filter.kind = live::DesignNodeKind::Filter;
            filter.parent = to;
            filter.filter = std::move(settings);
            return live::addNode(design, filter).value();
        };
        live::FilterSettings max{live::FilterKind::Reduce};
        max.reduce = live::ReduceOperator::Max;
        const int reduce = attach(relay, max);
        const int classes = attach(design.frontEnd()->id, {live::FilterKind::EquivalenceClasses});
        live::FilterSettings plugin{live::FilterKind::Plugin};
        plugin.pluginLibrary = XYLEM_EXAMPLE_FILTERS;
        plugin.pluginFilter = "longest-wait";
        const int longest = attach(design.frontEnd()->id, plugin);
        live::FilterSettings numbersOnly = plugin;
        numbersOnly.pluginLibrary = XYLEM_TEST_PLUGIN_GOOD;
        numbersOnly.pluginFilter = "product"; // takes numbers only: fails on every wave
        const int failing = attach(design.frontEnd()->id, numbersOnly);
        plugin.pluginFilter = "wait-stats"; // in the collectors too: they load the library
        std::vector<int> stats;
        for (const auto& node : std::vector<live::DesignNode>(design.nodes)) {
            if (node.kind == live::DesignNodeKind::Collector) {
                stats.push_back(attach(node.id, plugin));
            }
        }
        QVERIFY2(live::validate(design).empty(), "the test's design is valid");
        QVERIFY(live::writeDesignFile(designPath.toStdString(), design));

        const CliResult r =
            runCli({"record", "--hosts", "2", "--threads", "2", "--iterations", "10000", "--design",
                    designPath, "--figures-json", "-o", dir.filePath("filters.xylem")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out.right(2000) + r.err));
        // The last line with every filter's output and tuples flowing through the plugin.
        live::FilterOutputs outputs;
        for (const QString& line : r.out.split('\n').filter("\"outputs\"")) {
            auto parsed = live::filterOutputsFromJson(line.toStdString());
            QVERIFY2(parsed, parsed ? "" : parsed.error().describe().c_str());
            // A wave late in the run may bring a plugin no tuple ("0 keys"): the last line where
            // every filter had some.
            const bool statsHadTuples =
                std::all_of(stats.begin(), stats.end(), [&](int node) {
                    return parsed->count(node) &&
                           parsed->at(node).text.find(" keys, largest means:") != std::string::npos;
                });
            if (parsed->count(longest) && parsed->at(longest).text.starts_with("edge ") &&
                statsHadTuples) {
                outputs = parsed.value();
            }
        }
        QVERIFY2(!outputs.empty(), qPrintable(r.out.right(3000)));
        auto text = [&](int node) {
            return QString::fromStdString(outputs.at(node).text);
        };
        QVERIFY2(QRegularExpression("^written .+, read .+\\noverwritten .+, rings \\d+$")
                     .match(text(reduce))
                     .hasMatch(),
                 qPrintable(text(reduce))); // the larger host's counts
        QCOMPARE(outputs.at(reduce).contributors, 2u);
        QVERIFY2(QRegularExpression("^\\d+ %: h[01] h[01]$").match(text(classes)).hasMatch(),
                 qPrintable(text(classes))); // one machine: both hosts in one class
        QVERIFY2(
            QRegularExpression("^edge \\d+, call \\d+: up - down ").match(text(longest)).hasMatch(),
            qPrintable(text(longest)));
        for (int node : stats) {
            QVERIFY2(text(node).contains(" keys, largest means:"), qPrintable(text(node)));
        }
        // A filter failing in the tree costs its own result only; the recording goes on.
        QVERIFY2(text(failing).startsWith("no result: "), qPrintable(text(failing)));
        QCOMPARE(outputs.at(failing).contributors, 0u);
    }

    void aPluginThatDoesNotLoadIsNamed()
    {
        QTemporaryDir dir;
        const QString designPath = dir.filePath("bad.design.json");
        live::ScopeDesign design = twoHostDesign();
        live::DesignNode filter;
        filter.kind = live::DesignNodeKind::Filter;
        filter.parent = design.frontEnd()->id;
        filter.filter.kind = live::FilterKind::Plugin;
        filter.filter.pluginLibrary = "/nonexistent/libmissing-filters.so";
        filter.filter.pluginFilter = "top";
        QVERIFY(live::addNode(design, filter));
        QVERIFY(live::writeDesignFile(designPath.toStdString(), design));
        const CliResult r = runCli({"record", "--hosts", "2", "--iterations", "100000", "--design",
                                    designPath, "-o", dir.filePath("bad.xylem")});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("/nonexistent/libmissing-filters.so") &&
                     r.err.contains("filter 'top'"),
                 qPrintable(r.err));
    }

    void aDesignWithoutTheProgramsHostsIsRefused()
    {
        QTemporaryDir dir;
        const QString designPath = dir.filePath("one.design.json");
        live::DesignSpec spec;
        spec.hosts.hosts = {"h0"};
        QVERIFY(
            live::writeDesignFile(designPath.toStdString(), live::generateDesign(spec).value()));
        const CliResult r = runCli({"record", "--hosts", "2", "--iterations", "10", "--design",
                                    designPath, "-o", dir.filePath("s.xylem")});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("the design has no collector on host h1"), qPrintable(r.err));
        // --scope takes a design file too (by its format).
        const CliResult asScope = runCli({"record", "--hosts", "2", "--iterations", "10", "--scope",
                                          designPath, "-o", dir.filePath("s.xylem")});
        QVERIFY(asScope.exitCode != 0);
        QVERIFY2(asScope.err.contains("the design has no collector on host h1"),
                 qPrintable(asScope.err));
    }

    // A hand-written design whose front-end names itself as parent once made record allocate
    // without bound (1.2 GB in 2 s): it is refused, the node named, before anything starts.
    void aDesignWhoseFrontEndIsItsOwnParentIsRefused()
    {
        QTemporaryDir dir;
        const QString designPath = dir.filePath("self.design.json");
        writeFile(designPath, R"({"format": "xylem-scope-design/1", "name": "self", "nodes": [
            {"id": 1, "kind": "front-end", "host": "fe", "parent": 1},
            {"id": 2, "kind": "collector", "host": "h0", "parent": 1},
            {"id": 3, "kind": "collector", "host": "h1", "parent": 1}]})");
        QElapsedTimer timer;
        timer.start();
        const CliResult r = runCli({"record", "--hosts", "2", "--iterations", "10", "--design",
                                    designPath, "-o", dir.filePath("s.xylem")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("front-end 1 on fe: is its own parent"), qPrintable(r.err));
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(!QFile::exists(dir.filePath("s.xylem")));
    }
};

QTEST_GUILESS_MAIN(TestCliDesign)
#include "tst_clidesign.moc"
