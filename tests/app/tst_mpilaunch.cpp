// What xylem-cli mpi reads from the launch command it is given (core/record/mpilaunch.h): the job's
// hosts from mpirun's and srun's own options, not from the program's; and -x for what an
// OpenMPI mpirun must forward to the ranks on other hosts.

#include "core/record/mpilaunch.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace xylem;
using namespace xylem::record;

using Words = std::vector<std::string>;

class TestMpiLaunch : public QObject
{
    Q_OBJECT

private slots:
    void hostsOfMpirun()
    {
        auto listed = mpiHostsOf({"mpirun", "-np", "4", "-H", "n1:2,n2:2,n1", "/bin/true"}, "");
        QVERIFY(listed);
        QCOMPARE(listed.value(), (Words{"n1", "n2"}));
        // A program name as an option's value is not the program.
        auto agent = mpiHostsOf(
            {"mpirun", "--mca", "plm_rsh_agent", "ssh", "-x", "true", "-H", "a", "/bin/true"}, "");
        QVERIFY(agent);
        QCOMPARE(agent.value(), (Words{"a"}));
        auto long_ = mpiHostsOf({"mpiexec", "--host=a,b", "--map-by", "node", "/bin/true"}, "");
        QVERIFY(long_);
        QCOMPARE(long_.value(), (Words{"a", "b"}));

        QTemporaryDir dir;
        const std::string file = dir.filePath("hosts").toStdString();
        std::ofstream(file) << "# the job's machines\nnode[01-03] slots=2\n";
        auto fromFile = mpiHostsOf({"mpirun", "--hostfile", file, "/bin/true"}, "");
        QVERIFY(fromFile);
        QCOMPARE(fromFile.value(), (Words{"node01", "node02", "node03"}));
        auto missing = mpiHostsOf({"mpirun", "--hostfile", file + ".gone", "/bin/true"}, "");
        QVERIFY(!missing);
        QVERIFY2(missing.error().describe().find(".gone") != std::string::npos,
                 missing.error().describe().c_str());
    }

    // The program's own options are not mpirun's: /bin/echo -H x is no host list.
    void theProgramsArgumentsAreItsOwn()
    {
        auto hosts = mpiHostsOf({"mpirun", "-np", "2", "/bin/echo", "-H", "x"}, "");
        QVERIFY(hosts);
        QVERIFY(hosts->empty());
        auto plain = mpiHostsOf({"/bin/echo", "-H", "x"}, "n[1-2]");
        QVERIFY(plain);
        QVERIFY(plain->empty()); // no launcher: this machine, whatever the allocation
    }

    void hostsOfSrun()
    {
        auto w = mpiHostsOf({"srun", "-N2", "-w", "c[1-2]", "/bin/true"}, "");
        QVERIFY(w);
        QCOMPARE(w.value(), (Words{"c1", "c2"}));
        auto joined = mpiHostsOf({"srun", "-wc3,c4", "/bin/true"}, "");
        QVERIFY(joined);
        QCOMPARE(joined.value(), (Words{"c3", "c4"}));
        auto allocation = mpiHostsOf({"srun", "-n", "8", "/bin/true"}, "gpu[07-08]");
        QVERIFY(allocation);
        QCOMPARE(allocation.value(), (Words{"gpu07", "gpu08"}));
        auto empty = mpiHostsOf({"srun", "--nodelist=", "/bin/true"}, "");
        QVERIFY(!empty);
        QVERIFY2(empty.error().describe().find("names no host") != std::string::npos,
                 empty.error().describe().c_str());
    }

    // OpenMPI's launcher is told to forward each setting, and gets the interposer's LD_PRELOAD
    // only for its ranks (-x NAME=VALUE), not in its own environment; others pass it all on.
    void forwardingForOpenMpiOnly()
    {
        const Words environment{"LD_PRELOAD=/x/libxylem-mpi.so:/y/other.so",
                                "XYLEM_RING_PREFIX=xylem-ring-7"};
        QCOMPARE(launcherKindOf({"mpirun"}), MpiLauncherKind::OpenMpi); // Debian's default
        const RankLaunch openMpi = rankLaunch({"mpirun", "-np", "2", "prog"}, environment);
        const std::string preload = "LD_PRELOAD=/x/libxylem-mpi.so:/y/other.so";
        QCOMPARE(openMpi.command, (Words{"mpirun", "-x", "XYLEM_RING_PREFIX", "-x", preload,
                                         "-np", "2", "prog"}));
        QCOMPARE(openMpi.environment, (Words{"XYLEM_RING_PREFIX=xylem-ring-7"}));
        // OpenMPI 4.1 gives -x NAME=VALUE to the first context only: each context gets its own.
        QCOMPARE(rankLaunch({"mpirun", "-np", "1", "a", ":", "-np", "1", "b"}, environment).command,
                 (Words{"mpirun", "-x", "XYLEM_RING_PREFIX", "-x", preload, "-np", "1", "a", ":",
                        "-x", preload, "-np", "1", "b"}));
        // An application file's contexts are not on the command line: forwarded by name.
        const RankLaunch appFile = rankLaunch({"mpirun", "--app", "job.txt"}, environment);
        QCOMPARE(appFile.command, (Words{"mpirun", "-x", "LD_PRELOAD", "-x", "XYLEM_RING_PREFIX",
                                         "--app", "job.txt"}));
        QCOMPARE(appFile.environment, environment);
        for (const Words& other : {Words{"srun", "prog"}, Words{"/bin/true"}}) {
            const RankLaunch launch = rankLaunch(other, environment);
            QCOMPARE(launch.command, other);
            QCOMPARE(launch.environment, environment);
        }
    }

    void programNameAfterTheLauncher()
    {
        QCOMPARE(programName({"mpirun", "-np", "4", "/bin/true", "--late-us", "200"}),
                 std::string("true"));
        QCOMPARE(programName({"srun", "-N", "2", "/bin/echo"}), std::string("echo"));
        QCOMPARE(programName({"/bin/echo", "x"}), std::string("echo"));
    }
};

QTEST_GUILESS_MAIN(TestMpiLaunch)
#include "tst_mpilaunch.moc"
