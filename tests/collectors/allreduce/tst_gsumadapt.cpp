// `xylem-gsum launch --adapt` on 2 local hosts of 2 threads: the runtime tries every candidate
// tree in blocks of calls and settles on the fastest, every thread of every host switching at
// the same call, and every sum right across the switches. The slow tree is planted for real: an
// emulated WAN link (--wan) on the proxies only the flat tree has, so each of its calls waits
// for the link in the real code path. A candidate that cannot take the start's place (other
// threads, an edge across hosts without a proxy, no such file) is refused before anything
// starts, with its name in the message (exit 2).

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

#include <fstream>

#include "core/model/configurationjson.h"
#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;

namespace {

// The generated tree of 2 hosts x `threads` in `shape`, written to dir/file.
QString writeTree(const QTemporaryDir& dir, const QString& file, TreeShape shape,
                  int threads = 2)
{
    TreeSpec spec = hierarchy(2, threads);
    spec.name = file.section('.', 0, 0).toStdString();
    spec.shape = shape;
    auto config = generateTree(spec);
    if (!config) {
        return {};
    }
    const QString path = dir.filePath(file);
    std::ofstream(path.toStdString()) << configurationToJson(config.value());
    return path;
}

// Every "[HOST] gsum adapt: TEXT" line, by host.
std::map<QString, QStringList> adaptLines(const QString& out)
{
    std::map<QString, QStringList> lines;
    static const QRegularExpression re(QStringLiteral("^\\[([^\\]]+)\\] gsum adapt: (.*)$"),
                                       QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(out); it.hasNext();) {
        const auto m = it.next();
        lines[m.captured(1)] << m.captured(2);
    }
    return lines;
}

// "[HOST] gsum host=HOST ... wrong=N ..." : N per host.
std::map<QString, long long> wrongSums(const QString& out)
{
    std::map<QString, long long> wrong;
    static const QRegularExpression re(
        QStringLiteral("^\\[[^\\]]+\\] gsum host=(\\S+) .* wrong=(\\d+) "),
        QRegularExpression::MultilineOption);
    for (auto it = re.globalMatch(out); it.hasNext();) {
        const auto m = it.next();
        wrong[m.captured(1)] = m.captured(2).toLongLong();
    }
    return wrong;
}

} // namespace

class TestGsumAdapt : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void settlesOnTheFastest_data();
    void settlesOnTheFastest();
    void refusesABadCandidate_data();
    void refusesABadCandidate();

private:
    void checkTrace(const QString& prefix, const QString& settledFile, long long settleCall,
                    long long calls);

    RingPrefix m_rings{"gsumadapt"};
    QTemporaryDir m_dir;
    QString m_flat, m_hierarchy, m_kary;
};

void TestGsumAdapt::init()
{
    QVERIFY(m_dir.isValid());
    m_flat = writeTree(m_dir, "flat.json", TreeShape::Flat);
    m_hierarchy = writeTree(m_dir, "hierarchy.json", TreeShape::HierarchyAware);
    m_kary = writeTree(m_dir, "kary.json", TreeShape::KAry);
    QVERIFY(!m_flat.isEmpty() && !m_hierarchy.isEmpty() && !m_kary.isEmpty());
}

void TestGsumAdapt::settlesOnTheFastest_data()
{
    QTest::addColumn<QString>("start");
    QTest::addColumn<QStringList>("others");
    QTest::addColumn<QString>("settled");
    QTest::addColumn<bool>("collectors");
    // The slow flat tree first: the run leaves it. The good tree first: the run comes back to
    // it after trying the slow one (not merely the last one tried).
    QTest::newRow("slow start, hierarchy") << "flat" << QStringList{"hierarchy"} << "hierarchy"
                                           << false;
    QTest::newRow("hierarchy start, slow flat")
        << "hierarchy" << QStringList{"flat"} << "hierarchy" << false;
    QTest::newRow("slow start, kary, recorded")
        << "flat" << QStringList{"kary"} << "kary" << true;
}

void TestGsumAdapt::settlesOnTheFastest()
{
    QFETCH(QString, start);
    QFETCH(QStringList, others);
    QFETCH(QString, settled);
    QFETCH(bool, collectors);
    const auto path = [&](const QString& name) {
        return name == "flat" ? m_flat : name == "kary" ? m_kary : m_hierarchy;
    };
    QStringList candidates;
    for (const QString& o : others) {
        candidates << path(o);
    }
    const int block = 4;
    const int rounds = 2;
    const long long settleCall = block * rounds * (1 + others.size());
    // flat's proxies (p.h1.t0, p.h1.t1) wait 2 ms each way; the other trees have none of them.
    QStringList args{"launch",         "--config",
                     path(start),      "--adapt",
                     candidates.join(','), "--adapt-block",
                     QString::number(block), "--adapt-rounds",
                     QString::number(rounds), "--wan",
                     "p.h1.t0=2ms,p.h1.t1=2ms", "--iterations",
                     "60",             "--warmup",
                     "0"};
    const QString prefix = m_dir.filePath("adapt");
    if (!collectors) {
        args << "--no-collectors";
    } else {
        args << "--trace-out" << prefix;
    }
    const GsumResult r = runGsum(args, ringEnvironment(m_rings));
    QVERIFY2(r.ok(), qPrintable(r.describe()));
    QVERIFY2(r.out.contains("every sum right"), qPrintable(r.describe()));
    const auto wrong = wrongSums(r.out);
    QCOMPARE(int(wrong.size()), 2);
    for (const auto& [host, n] : wrong) {
        QVERIFY2(n == 0, qPrintable(host + ": " + r.describe()));
    }
    const auto lines = adaptLines(r.out);
    QVERIFY2(lines.size() == 2, qPrintable("adapt lines of both hosts: " + r.describe()));
    // Both hosts took the same decisions from the same numbers, at the same calls (the last
    // line, each host's own mean times, aside).
    const QString ownTimes = QStringLiteral("us per call in the trials");
    QVERIFY2(lines.at("h0").last().contains(ownTimes), qPrintable(r.describe()));
    QVERIFY2(lines.at("h1").last().contains(ownTimes), qPrintable(r.describe()));
    const QStringList h0 = lines.at("h0").mid(0, lines.at("h0").size() - 1);
    QCOMPARE(lines.at("h1").mid(0, lines.at("h1").size() - 1), h0);
    const QString settledFile = path(settled);
    QVERIFY2(h0.contains("switches at calls 0 to " + start + ", " + QString::number(block) +
                         " to " + candidates.first() + ", " + QString::number(2 * block) +
                         " to " + start + ", " + QString::number(3 * block) + " to " +
                         candidates.first() + ", " + QString::number(settleCall) + " to " +
                         (settled == start ? start : settledFile) + " (settled)"),
             qPrintable(r.describe()));
    const QString described = h0.filter("adapted:").value(0);
    QVERIFY2(described.contains("switched to " + (settled == start ? start : settledFile) +
                                " at call " + QString::number(settleCall)),
             qPrintable(r.describe()));
    QVERIFY2(!r.out.contains("threads did not all switch") &&
                 !r.out.contains("at different calls"),
             qPrintable(r.describe()));
    // Each trial block through flat waited for its link: at least 4 ms per call (2 ms each way).
    static const QRegularExpression blockLine(
        QStringLiteral("^calls \\d+-\\d+ through (\\S+): ([0-9.]+) us per call$"));
    int flatBlocks = 0;
    for (const QString& line : h0) {
        const auto m = blockLine.match(line);
        if (m.hasMatch() && (m.captured(1) == "flat" || m.captured(1) == m_flat)) {
            ++flatBlocks;
            QVERIFY2(m.captured(2).toDouble() >= 4000.0, qPrintable(line));
        }
    }
    QCOMPARE(flatBlocks, rounds);
    if (collectors) {
        checkTrace(prefix, settledFile, settleCall, 60);
    }
}

// The trace of an adapted run is the settled tree's, from the settle call on: its
// configuration, every one of its collectors once per call, and nothing of the trials.
void TestGsumAdapt::checkTrace(const QString& prefix, const QString& settledFile,
                               long long settleCall, long long calls)
{
    auto written = readConfigurationFile((prefix + ".tree.json").toStdString());
    auto settled = readConfigurationFile(settledFile.toStdString());
    QVERIFY2(written && settled, "both configurations read");
    QVERIFY(written.value() == settled.value());
    QFile csv(prefix + ".trace.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QVERIFY(csv.readLine().startsWith("collector,seq,down_ns,up_ns"));
    std::map<std::string, long long> perCollector;
    long long rows = 0;
    while (!csv.atEnd()) {
        const QList<QByteArray> fields = csv.readLine().trimmed().split(',');
        QVERIFY(fields.size() >= 4);
        const long long seq = fields[1].toLongLong();
        QVERIFY2(seq >= settleCall && seq < calls, qPrintable("seq " + QString::number(seq)));
        QVERIFY2(settled->indexOf(fields[0].toStdString()) >= 0, fields[0].constData());
        ++perCollector[fields[0].toStdString()];
        ++rows;
    }
    QCOMPARE(int(perCollector.size()), settled->collectorCount());
    for (const auto& [collector, n] : perCollector) {
        QVERIFY2(n == calls - settleCall, collector.c_str());
    }
    QCOMPARE(rows, settled->collectorCount() * (calls - settleCall));
}

void TestGsumAdapt::refusesABadCandidate_data()
{
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QString>("message");
    QTest::newRow("other threads") << "threads3.json" << "has no thread";
    QTest::newRow("not runnable") << "noproxy.json" << "is not runnable";
    QTest::newRow("no such file") << "missing.json" << "";
}

void TestGsumAdapt::refusesABadCandidate()
{
    QFETCH(QString, candidate);
    QFETCH(QString, message);
    const QString file = m_dir.filePath(candidate);
    if (candidate == "threads3.json") { // 1 thread per host: h0.t1 and h1.t1 are missing
        QVERIFY(!writeTree(m_dir, candidate, TreeShape::Flat, 1).isEmpty());
    } else if (candidate == "noproxy.json") {
        // The flat tree with h1's first thread joining the gred on h0 directly, its proxy gone.
        QFile in(m_flat);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject tree = QJsonDocument::fromJson(in.readAll()).object();
        QJsonArray wrappers;
        for (const QJsonValue w : tree["wrappers"].toArray()) {
            QJsonObject wrapper = w.toObject();
            if (wrapper["id"] == "p.h1.t0") {
                continue;
            }
            if (wrapper["id"] == "h1.t0") {
                wrapper["parent"] = "gred";
            }
            wrappers.append(wrapper);
        }
        QCOMPARE(wrappers.size(), tree["wrappers"].toArray().size() - 1);
        tree["wrappers"] = wrappers;
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(tree).toJson());
    }
    const GsumResult r = runGsum({"launch", "--config", m_hierarchy, "--adapt",
                                  m_kary + "," + file, "--iterations", "10", "--no-collectors"},
                                 ringEnvironment(m_rings), 20000);
    QVERIFY2(r.finished && !r.crashed && r.exitCode == 2, qPrintable(r.describe()));
    QVERIFY2(r.err.contains("--adapt candidate '" + file + "'"), qPrintable(r.describe()));
    QVERIFY2(r.err.contains(message), qPrintable(r.describe()));
    QVERIFY2(!r.out.contains("gsum host="), qPrintable("no host ran: " + r.describe()));
}

QTEST_GUILESS_MAIN(TestGsumAdapt)
#include "tst_gsumadapt.moc"
