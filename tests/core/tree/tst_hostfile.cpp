// core/tree/hostfile.h: the host files users already have (OpenMPI's, Slurm's ranges, host:slots)
// and Xylem's cluster field read into hosts, slots and clusters; every bad line refused with the
// file, the line and the cause.

#include "core/tree/hostfile.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace xylem;
using tree::HostEntry;

Q_DECLARE_METATYPE(std::vector<HostEntry>)

namespace {

std::vector<HostEntry> hosts(std::initializer_list<HostEntry> list)
{
    return list;
}

} // namespace

class TestHostFile : public QObject
{
    Q_OBJECT

private slots:
    void readsTheFormatsUsersHave_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<HostEntry>>("expected");
        QTest::newRow("openmpi") << "# our nodes\n\nnode01 slots=4\nnode02 slots=2 max_slots=8  "
                                    "# the small one\n   \n"
                                 << hosts({{"node01", 4, "", 3}, {"node02", 2, "", 4}});
        QTest::newRow("bare names, slots 1")
            << "a\nb.example.org\n10.0.0.3\n"
            << hosts({{"a", 1, "", 1}, {"b.example.org", 1, "", 2}, {"10.0.0.3", 1, "", 3}});
        QTest::newRow("slurm range, padding kept") << "node[08-11]\n"
                                                   << hosts({{"node08", 1, "", 1},
                                                             {"node09", 1, "", 1},
                                                             {"node10", 1, "", 1},
                                                             {"node11", 1, "", 1}});
        QTest::newRow("range list and host:slots")
            << "gpu[1-2,7]:2\n"
            << hosts({{"gpu1", 2, "", 1}, {"gpu2", 2, "", 1}, {"gpu7", 2, "", 1}});
        QTest::newRow("two brackets, commas") << "r[1-2]n[1-2],login\n"
                                              << hosts({{"r1n1", 1, "", 1},
                                                        {"r1n2", 1, "", 1},
                                                        {"r2n1", 1, "", 1},
                                                        {"r2n2", 1, "", 1},
                                                        {"login", 1, "", 1}});
        QTest::newRow("clusters") << "node01 slots=4 cluster=siteA\nnode02 cluster=siteB\n"
                                  << hosts({{"node01", 4, "siteA", 1}, {"node02", 1, "siteB", 2}});
        QTest::newRow("ipv6 keeps its colons") << "::1 slots=2\nfe80::1\n"
                                               << hosts({{"::1", 2, "", 1}, {"fe80::1", 1, "", 2}});
        QTest::newRow("max-slots spelling, CRLF") << "n1 slots=2 max-slots=2\r\n"
                                                  << hosts({{"n1", 2, "", 1}});
        QTest::newRow("4096 in one range") << "n[1-4096]\n" << std::vector<HostEntry>{};
    }
    void readsTheFormatsUsersHave()
    {
        QFETCH(QString, text);
        QFETCH(std::vector<HostEntry>, expected);
        const auto parsed = tree::parseHostFile(text.toStdString(), "hosts");
        QVERIFY2(parsed, parsed ? "" : parsed.error().describe().c_str());
        if (expected.empty()) { // the big range: its size and ends
            QCOMPARE(parsed->size(), size_t(4096));
            QCOMPARE(parsed->front().host, std::string("n1"));
            QCOMPARE(parsed->back().host, std::string("n4096"));
            return;
        }
        QCOMPARE(parsed->size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(QString::fromStdString(parsed.value()[i].host),
                     QString::fromStdString(expected[i].host));
            QCOMPARE(parsed.value()[i], expected[i]);
        }
    }

    void badLinesAreNamed_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty file") << ""
                                    << "hosts: the host file lists no host";
        QTest::newRow("only comments") << "# nothing\n\n"
                                       << "hosts: the host file lists no host";
        QTest::newRow("slots not a number") << "a\nb slots=many\n"
                                            << "hosts:2: slots must be a whole number from 1 to "
                                               "65536, not 'many'";
        QTest::newRow("slots zero") << "a slots=0\n"
                                    << "hosts:1: slots must be a whole number";
        QTest::newRow("slots after colon") << "a:-3\n"
                                           << "hosts:1: the slots after ':'";
        QTest::newRow("slots twice") << "a:2 slots=3\n"
                                     << "hosts:1: slots is given twice";
        QTest::newRow("max below slots") << "a slots=4 max_slots=2\n"
                                         << "hosts:1: max_slots is below slots";
        QTest::newRow("unknown field") << "a cores=4\n"
                                       << "hosts:1: unknown field 'cores=4'";
        QTest::newRow("duplicate host") << "a\nb\na slots=2\n"
                                        << "hosts:3: host a is listed twice (first on line 1)";
        QTest::newRow("duplicate through a range") << "n03\nn[01-04]\n"
                                                   << "hosts:2: host n03 is listed twice";
        QTest::newRow("backwards range")
            << "n[5-2]\n"
            << "hosts:1: cannot expand the host range 'n[5-2]': '5-2' runs backwards";
        QTest::newRow("letters in a range") << "n[a-c]\n"
                                            << "'a-c' is not N or N-M";
        QTest::newRow("unclosed") << "n[1-3\n"
                                  << "hosts:1: cannot expand the host range "
                                     "'n[1-3': a '[' without its ']'";
        QTest::newRow("stray close") << "n1-3]\n"
                                     << "a ']' without its '['";
        QTest::newRow("over 4096") << "n[1-4097]\n"
                                   << "hosts:1: cannot expand the host range "
                                      "'n[1-4097]': more than 4096 hosts";
        QTest::newRow("over 4096 by product") << "a[1-100]b[1-100]\n"
                                              << "more than 4096 hosts";
        QTest::newRow("an option for ssh") << "-oProxyCommand=x\n"
                                           << "hosts:1: '-oProxyCommand=x' is not a host name";
        QTest::newRow("shell characters") << "a;reboot\n"
                                          << "'a;reboot' is not a host name";
        QTest::newRow("bad cluster") << "a cluster=\n"
                                     << "'' is not a cluster name";
    }
    void badLinesAreNamed()
    {
        QFETCH(QString, text);
        QFETCH(QString, message);
        const auto parsed = tree::parseHostFile(text.toStdString(), "hosts");
        QVERIFY(!parsed);
        const QString said = QString::fromStdString(parsed.error().describe());
        QVERIFY2(said.contains(message), qPrintable(said));
    }

    void readsAFileAndNamesAMissingOne()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("hosts").toStdString();
        std::ofstream(path) << "alpha slots=3 cluster=x\nbeta\n";
        const auto read = tree::readHostFile(path);
        QVERIFY(read);
        QCOMPARE(read.value(), hosts({{"alpha", 3, "x", 1}, {"beta", 1, "", 2}}));
        const auto missing = tree::readHostFile(path + ".nope");
        QVERIFY(!missing);
        QVERIFY2(QString::fromStdString(missing.error().describe()).contains("hosts.nope"),
                 qPrintable(QString::fromStdString(missing.error().describe())));
    }
};

QTEST_APPLESS_MAIN(TestHostFile)
#include "tst_hostfile.moc"
