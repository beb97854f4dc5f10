// core/tree/launcherplace.h: a task's rank and node index from what srun, mpirun or a PMIx
// launcher put in its environment, in the documented precedence; garbage refused naming the
// variable.

#include "core/tree/launcherplace.h"

#include <QtTest>

#include <map>

using namespace xylem;

using Environment = std::map<std::string, std::string>;
Q_DECLARE_METATYPE(Environment)

namespace {

tree::EnvironmentLookup lookup(const Environment& environment)
{
    return [&environment](const char* name) -> const char* {
        const auto it = environment.find(name);
        return it == environment.end() ? nullptr : it->second.c_str();
    };
}

} // namespace

class TestLauncherPlace : public QObject
{
    Q_OBJECT

private slots:
    void placesFromEachLauncher_data()
    {
        QTest::addColumn<Environment>("environment");
        QTest::addColumn<QString>("launcher"); // empty: no launcher's variables
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("nodeIndex"); // -1: unknown
        QTest::addColumn<int>("localRank");
        QTest::addColumn<int>("index");
        QTest::newRow("nothing") << Environment{{"HOME", "/root"}} << "" << 0 << -1 << 0 << 0;
        QTest::newRow("srun") << Environment{{"SLURM_PROCID", "3"},
                                             {"SLURM_NODEID", "3"},
                                             {"SLURM_LOCALID", "0"}}
                              << "srun" << 3 << 3 << 0 << 3;
        QTest::newRow("srun, two tasks per node")
            << Environment{{"SLURM_PROCID", "5"}, {"SLURM_NODEID", "2"}, {"SLURM_LOCALID", "1"}}
            << "srun" << 5 << 2 << 1 << 2;
        QTest::newRow("srun, node id only")
            << Environment{{"SLURM_NODEID", "1"}} << "srun" << 1 << 1 << 0 << 1;
        QTest::newRow("srun, proc id only")
            << Environment{{"SLURM_PROCID", "4"}} << "srun" << 4 << -1 << 0 << 4;
        QTest::newRow("mpirun ppr:1:node") << Environment{{"OMPI_COMM_WORLD_RANK", "2"},
                                                          {"OMPI_COMM_WORLD_LOCAL_RANK", "0"},
                                                          {"OMPI_COMM_WORLD_LOCAL_SIZE", "1"},
                                                          {"OMPI_COMM_WORLD_NODE_RANK", "0"}}
                                           << "mpirun" << 2 << 2 << 0 << 2;
        QTest::newRow("mpirun, two per node: no node index")
            << Environment{{"OMPI_COMM_WORLD_RANK", "3"},
                           {"OMPI_COMM_WORLD_LOCAL_RANK", "1"},
                           {"OMPI_COMM_WORLD_LOCAL_SIZE", "2"}}
            << "mpirun" << 3 << -1 << 1 << 3;
        QTest::newRow("mpirun inside a slurm allocation")
            << Environment{{"OMPI_COMM_WORLD_RANK", "1"},
                           {"OMPI_COMM_WORLD_LOCAL_SIZE", "1"},
                           {"SLURM_NODEID", "0"},
                           {"SLURM_PROCID", "0"},
                           {"PMIX_RANK", "1"}}
            << "mpirun" << 1 << 1 << 0 << 1;
        QTest::newRow("srun with pmix")
            << Environment{{"SLURM_NODEID", "1"}, {"SLURM_PROCID", "1"}, {"PMIX_RANK", "1"}}
            << "srun" << 1 << 1 << 0 << 1;
        QTest::newRow("pmix only")
            << Environment{{"PMIX_RANK", "6"}} << "PMIx" << 6 << -1 << 0 << 6;
    }
    void placesFromEachLauncher()
    {
        QFETCH(Environment, environment);
        QFETCH(QString, launcher);
        QFETCH(int, rank);
        QFETCH(int, nodeIndex);
        QFETCH(int, localRank);
        QFETCH(int, index);
        const auto place = tree::launcherPlace(lookup(environment));
        QVERIFY2(place, place ? "" : place.error().message.c_str());
        if (launcher.isEmpty()) {
            QVERIFY(!place.value());
            return;
        }
        QVERIFY(place.value());
        const tree::LauncherPlace& p = **place;
        QCOMPARE(QString::fromStdString(p.launcher), launcher);
        QCOMPARE(int(p.rank), rank);
        QCOMPARE(p.nodeIndex ? int(*p.nodeIndex) : -1, nodeIndex);
        QCOMPARE(int(p.localRank), localRank);
        QCOMPARE(int(p.index()), index);
    }

    void garbageIsRefusedNamingTheVariable_data()
    {
        QTest::addColumn<Environment>("environment");
        QTest::addColumn<QString>("message");
        QTest::newRow("letters")
            << Environment{{"SLURM_NODEID", "abc"}}
            << "SLURM_NODEID is 'abc', not a whole number from 0 to 2147483647";
        QTest::newRow("negative") << Environment{{"SLURM_NODEID", "1"}, {"SLURM_PROCID", "-1"}}
                                  << "SLURM_PROCID is '-1', not a whole number";
        QTest::newRow("empty") << Environment{{"OMPI_COMM_WORLD_RANK", ""}}
                               << "OMPI_COMM_WORLD_RANK is '', not a whole number";
        QTest::newRow("trailing junk")
            << Environment{{"OMPI_COMM_WORLD_RANK", "1"}, {"OMPI_COMM_WORLD_LOCAL_SIZE", "2x"}}
            << "OMPI_COMM_WORLD_LOCAL_SIZE is '2x'";
        QTest::newRow("too big") << Environment{{"PMIX_RANK", "2147483648"}}
                                 << "PMIX_RANK is '2147483648'";
        QTest::newRow("space") << Environment{{"SLURM_LOCALID", " 1"}, {"SLURM_NODEID", "0"}}
                               << "SLURM_LOCALID is ' 1'";
    }
    void garbageIsRefusedNamingTheVariable()
    {
        QFETCH(Environment, environment);
        QFETCH(QString, message);
        const auto place = tree::launcherPlace(lookup(environment));
        QVERIFY(!place);
        QVERIFY2(QString::fromStdString(place.error().message).startsWith(message),
                 qPrintable(QString::fromStdString(place.error().message)));
    }
};

QTEST_APPLESS_MAIN(TestLauncherPlace)
#include "tst_launcherplace.moc"
