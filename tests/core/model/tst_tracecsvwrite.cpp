// Writing the trace interchange format: traceToCsv gives the exact canonical text (op and ret
// only when some tuple needs them), and reference, op/ret and simulated traces survive the
// round trip through parseTraceCsv unchanged.

#include "core/model/configuration.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"
#include "tests/core/model/modeltesthelpers.h"
#include "tests/support/testdata.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <optional>
#include <string>
#include <vector>

using namespace xylem;
using xylem::modeltest::loadConfig;
using xylem::modeltest::q;
using xylem::modeltest::sameTuples;
using xylem::testing::readTestFile;

class TestTraceCsvWrite : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void writesExactText();
    void roundTripsReferenceTraces_data();
    void roundTripsReferenceTraces();
    void roundTripsWithOpAndRet();
    void roundTripsSimulatedTrace();

private:
    std::optional<Configuration> m_twoHosts;
};

void TestTraceCsvWrite::initTestCase()
{
    m_twoHosts = loadConfig("two-hosts.tree.json");
}

void TestTraceCsvWrite::writesExactText()
{
    const Configuration& c = *m_twoHosts;
    const std::vector<Tuple> plain{{0, 1000, 12700, 0, 0, 0}, {3, -5, 7, 3, 0, 0}};
    QCOMPARE(q(traceToCsv(plain, c)),
             QStringLiteral("collector,seq,down_ns,up_ns\nT1,0,1000,12700\npA,3,-5,7\n"));

    const std::vector<Tuple> withOp{{0, 1000, 12700, 0, 0, 0}, {3, -5, 7, 3, 0, -2}};
    QCOMPARE(q(traceToCsv(withOp, c)),
             QStringLiteral(
                 "collector,seq,down_ns,up_ns,op,ret\nT1,0,1000,12700,0,0\npA,3,-5,7,0,-2\n"));

    QCOMPARE(q(traceToCsv({}, c)), QStringLiteral("collector,seq,down_ns,up_ns\n"));
}

void TestTraceCsvWrite::roundTripsReferenceTraces_data()
{
    QTest::addColumn<QString>("tree");
    QTest::addColumn<QString>("trace");
    QTest::newRow("two-hosts") << QStringLiteral("two-hosts.tree.json")
                               << QStringLiteral("two-hosts.trace.csv");
    QTest::newRow("flat-mpi") << QStringLiteral("flat-mpi.tree.json")
                              << QStringLiteral("flat-mpi.trace.csv");
}

void TestTraceCsvWrite::roundTripsReferenceTraces()
{
    QFETCH(QString, tree);
    QFETCH(QString, trace);
    const Configuration c = loadConfig(tree.toStdString());
    const std::string text = readTestFile(trace.toStdString());
    const auto parsed = parseTraceCsv(text, c);
    QVERIFY(parsed.ok());
    const std::string written = traceToCsv(parsed.value(), c);
    QVERIFY(q(written).startsWith(QStringLiteral("collector,seq,down_ns,up_ns\n")));
    QCOMPARE(q(written), q(text)); // the reference files are already in canonical form
    const auto again = parseTraceCsv(written, c);
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(sameTuples(again.value(), parsed.value()));
}

void TestTraceCsvWrite::roundTripsWithOpAndRet()
{
    const Configuration& c = *m_twoHosts;
    const std::vector<Tuple> tuples{{0, 10, 20, 0, 0, 0},
                                    {0, 11, 25, 1, 65535, -32768},
                                    {-7, -20, -10, 5, 0, 32767},
                                    {9, 0, 0, 3, 12, 0}};
    const std::string written = traceToCsv(tuples, c);
    QVERIFY(q(written).startsWith(QStringLiteral("collector,seq,down_ns,up_ns,op,ret\n")));
    const auto again = parseTraceCsv(written, c);
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(sameTuples(again.value(), tuples));
}

void TestTraceCsvWrite::roundTripsSimulatedTrace()
{
    TreeSpec spec;
    spec.hosts = {{"A", "c0"}, {"B", "c0"}, {"C", "c1"}};
    spec.threadsPerHost = 3;
    spec.shape = TreeShape::HierarchyAware;
    const auto config = generateTree(spec);
    QVERIFY(config.ok());
    testing::SimulationSpec sim;
    sim.calls = 40;
    sim.firstSeq = 1000;
    const std::vector<Tuple> tuples = testing::simulateTrace(config.value(), sim);
    QCOMPARE(tuples.size(), size_t(40) * static_cast<size_t>(config->collectorCount()));
    const std::string written = traceToCsv(tuples, config.value());
    const auto again = parseTraceCsv(written, config.value());
    QVERIFY2(again.ok(), again ? "" : again.error().describe().c_str());
    QVERIFY(sameTuples(again.value(), tuples));
}

QTEST_APPLESS_MAIN(TestTraceCsvWrite)

#include "tst_tracecsvwrite.moc"
