// The node binaries' command lines (xylem-collector, xylem-relay, xylem-gsum and its launch and
// run, xylem-mpiloop): --help prints a description of every option on stdout and exits 0,
// --version prints the project's version and exits 0, and a bad value or an unknown option is
// refused with exit code 2 and a message naming the option. No daemon is started: every
// command here ends in its parser (or, for gsum, in the check of its values).

#include <QProcess>
#include <QRegularExpression>
#include <QtTest>

#include "xylem/version.h"

namespace {

struct Ran
{
    bool finished = false;
    int exitCode = -1;
    QString out;
    QString err;
    QString describe() const
    {
        return "exit " + QString::number(exitCode) + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
};

Ran run(const QString& program, const QStringList& args)
{
    QProcess p;
    p.setStandardInputFile(QProcess::nullDevice()); // a tree leaf would read its token there
    p.start(program, args);
    Ran r;
    r.finished = p.waitForFinished(30000);
    if (!r.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// The programs and subcommands, each with an option whose default the help must show.
void addCommands()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("command");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("optionWithDefault");
    QTest::addColumn<QString>("shownDefault");
    QTest::newRow("collector") << XYLEM_COLLECTOR << QStringList{} << "xylem-collector"
                               << "--tick-ms"
                               << "100";
    QTest::newRow("relay") << XYLEM_RELAY << QStringList{} << "xylem-relay"
                           << "--listen"
                           << "auto";
    QTest::newRow("gsum") << XYLEM_GSUM << QStringList{} << "xylem-gsum"
                          << "--help"
                          << "";
    QTest::newRow("gsum launch") << XYLEM_GSUM << QStringList{"launch"} << "xylem-gsum"
                                 << "--iterations"
                                 << "1000";
    QTest::newRow("gsum run") << XYLEM_GSUM << QStringList{"run"} << "xylem-gsum"
                              << "--start-timeout"
                              << "30";
    QTest::newRow("mpiloop") << XYLEM_MPILOOP << QStringList{} << "xylem-mpiloop"
                             << "--iterations"
                             << "10000";
}

// The option lines of a help text ("  --name TYPE=DEFAULT   description"), with what follows
// the option's column (or the next line, when the option is wider than the column).
QMap<QString, QString> optionLines(const QString& help)
{
    static const QRegularExpression option(R"(^\s+(?:-\w,)?(--[\w-]+))");
    static const QRegularExpression described(R"(\S\s{2,}(\S.*)$)");
    QMap<QString, QString> found;
    const QStringList lines = help.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const auto m = option.match(lines[i]);
        if (!m.hasMatch()) {
            continue;
        }
        const auto d = described.match(lines[i].trimmed());
        QString text = d.hasMatch() ? d.captured(1) : QString();
        if (text.isEmpty() && i + 1 < lines.size() && lines[i + 1].startsWith("          ")) {
            text = lines[i + 1].trimmed(); // under an option wider than the column
        }
        found[m.captured(1)] = text.isEmpty() ? QString() : lines[i].trimmed() + " | " + text;
    }
    return found;
}

} // namespace

class TestNodeHelp : public QObject
{
    Q_OBJECT

private slots:
    void helpDescribesEveryOption_data() { addCommands(); }
    void helpDescribesEveryOption();
    void versionIsTheProjects_data() { addCommands(); }
    void versionIsTheProjects();
    void badValuesAreNamed_data();
    void badValuesAreNamed();
};

void TestNodeHelp::helpDescribesEveryOption()
{
    QFETCH(QString, program);
    QFETCH(QStringList, command);
    QFETCH(QString, name);
    QFETCH(QString, optionWithDefault);
    QFETCH(QString, shownDefault);
    for (const QString help : {"--help", "-h"}) {
        const Ran r = run(program, command + QStringList{help});
        QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.describe()));
        QVERIFY2(r.out.contains("Usage: " + name), qPrintable(r.describe()));
        const auto options = optionLines(r.out);
        QVERIFY2(options.size() >= (command.isEmpty() && name == "xylem-gsum" ? 2 : 3),
                 qPrintable(r.describe())); // --help, --version and the program's own
        for (auto it = options.begin(); it != options.end(); ++it) {
            QVERIFY2(!it.value().isEmpty(),
                     qPrintable(it.key() + " has no description in\n" + r.out));
        }
        QVERIFY2(options.contains("--version"), qPrintable(r.out));
        QVERIFY2(options.contains(optionWithDefault), qPrintable(r.out));
        QVERIFY2(options[optionWithDefault].contains(shownDefault),
                 qPrintable(optionWithDefault + " does not show its default " + shownDefault +
                            ": " + options[optionWithDefault]));
        if (name == "xylem-collector" || name == "xylem-relay" || command.size() == 1) {
            // The daemons' log levels.
            QVERIFY2(options.contains("--verbose") && options.contains("--quiet"),
                     qPrintable(r.out));
        }
    }
    if (command.isEmpty() && name == "xylem-gsum") {
        const Ran r = run(program, {"--help"});
        QVERIFY2(r.out.contains("launch") && r.out.contains("run"), qPrintable(r.out));
    }
}

void TestNodeHelp::versionIsTheProjects()
{
    QFETCH(QString, program);
    QFETCH(QStringList, command);
    QFETCH(QString, name);
    const Ran r = run(program, command + QStringList{"--version"});
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.describe()));
    QCOMPARE(r.out, name + " " + QString::fromLatin1(xylem::kVersion) + "\n");
    QVERIFY2(r.err.isEmpty(), qPrintable(r.describe()));
}

void TestNodeHelp::badValuesAreNamed_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("named");
    QTest::newRow("collector: a word for a number")
        << XYLEM_COLLECTOR << QStringList{"--tick-ms", "often"} << "--tick-ms";
    QTest::newRow("collector: out of range")
        << XYLEM_COLLECTOR << QStringList{"--sample-period-ms", "-5"} << "--sample-period-ms";
    QTest::newRow("collector: unknown option")
        << XYLEM_COLLECTOR << QStringList{"--sockett", "x"} << "--sockett";
    QTest::newRow("collector: no value") << XYLEM_COLLECTOR << QStringList{"--node"} << "--node";
    QTest::newRow("collector: a leaf with a socket")
        << XYLEM_COLLECTOR << QStringList{"--parent", "127.0.0.1:1", "--node", "1", "--socket", "s"}
        << "--socket";
    QTest::newRow("relay: node not a number")
        << XYLEM_RELAY << QStringList{"--parent", "127.0.0.1:1", "--node", "x"} << "--node";
    QTest::newRow("relay: no node")
        << XYLEM_RELAY << QStringList{"--parent", "127.0.0.1:1"} << "--node";
    QTest::newRow("relay: bad parent")
        << XYLEM_RELAY << QStringList{"--parent", "nowhere", "--node", "1"} << "--parent";
    QTest::newRow("gsum: no subcommand")
        << XYLEM_GSUM << QStringList{} << "the first argument is run or launch";
    QTest::newRow("gsum: unknown subcommand") << XYLEM_GSUM << QStringList{"start"} << "start";
    QTest::newRow("gsum launch: a word for a number")
        << XYLEM_GSUM << QStringList{"launch", "--iterations", "many"} << "--iterations";
    QTest::newRow("gsum launch: an option of run")
        << XYLEM_GSUM << QStringList{"launch", "--rundir", "x"} << "--rundir";
    QTest::newRow("gsum run: a word for a number")
        << XYLEM_GSUM
        << QStringList{"run", "--host", "h0", "--rendezvous", "stdio", "--start-timeout", "x"}
        << "--start-timeout";
    QTest::newRow("mpiloop: a word for a number")
        << XYLEM_MPILOOP << QStringList{"--bytes", "lots"} << "--bytes";
    QTest::newRow("mpiloop: unknown pattern")
        << XYLEM_MPILOOP << QStringList{"--pattern", "ring"} << "--pattern";
}

void TestNodeHelp::badValuesAreNamed()
{
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QFETCH(QString, named);
    const Ran r = run(program, args);
    QVERIFY2(r.finished && r.exitCode == 2, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(named), qPrintable(r.describe()));
    QVERIFY2(r.out.isEmpty(), qPrintable(r.describe()));
}

QTEST_GUILESS_MAIN(TestNodeHelp)
#include "tst_nodehelp.moc"
