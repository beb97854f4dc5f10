// xylem-cli's one parser (app/cli/cliparser.h) as a user meets it: --help and --version on the
// program and every command (the commands taken from the program's own list, so a new one is
// checked too), every option listed with a description, bad values refused with exit 2 and a
// message naming the command and the option, and the session as the first argument.

#include "tests/app/clisessiontest.h"

#include <QRegularExpression>

using namespace xylem::testing;

namespace {

// The commands the top-level help lists under "Commands:".
QStringList listedCommands(const QString& help)
{
    QStringList commands;
    bool inList = false;
    for (const QString& line : help.split('\n')) {
        if (line == "Commands:") {
            inList = true;
        } else if (inList && line.trimmed().isEmpty()) {
            break;
        } else if (inList) {
            commands << line.trimmed().section(' ', 0, 0);
        }
    }
    return commands;
}

// Every option line of a --help ("  --top N    rows of ... (default: 10)") with its description:
// on the same line after the column, or on the next line when the option is too wide.
QMap<QString, QString> optionDescriptions(const QString& help)
{
    QMap<QString, QString> options;
    const QStringList lines = help.split('\n');
    const qsizetype start = lines.indexOf("Options:");
    for (qsizetype i = start + 1; start >= 0 && i < lines.size() && !lines[i].isEmpty(); ++i) {
        // The option, then (after two spaces or more) its description.
        static const QRegularExpression option(
            R"(^  (?:-\w,)?(--?[\w-]+)(?: \S+)*(?:\s{2,}(\S.*))?$)");
        const auto m = option.match(lines[i]);
        if (!m.hasMatch()) {
            continue; // a wrapped description's second line
        }
        QString description = m.captured(2);
        if (description.isEmpty() && i + 1 < lines.size() &&
            lines[i + 1].startsWith(QString(32, ' '))) {
            description = lines[i + 1].trimmed();
        }
        options.insert(m.captured(1), description);
    }
    return options;
}

const QRegularExpression kVersion(R"(^xylem-cli \d+\.\d+\.\d+\n$)");

} // namespace

class TestCliHelp : public QObject
{
    Q_OBJECT

private slots:
    void programHelpAndVersion()
    {
        for (const char* ask : {"--help", "-h", "help"}) {
            const CliResult r = runCli({ask});
            QCOMPARE(r.exitCode, 0);
            QVERIFY(r.err.isEmpty());
            QVERIFY2(r.out.contains("usage: xylem-cli COMMAND"), qPrintable(r.out));
            QVERIFY2(listedCommands(r.out).size() >= 10, qPrintable(r.out));
        }
        const CliResult version = runCli({"--version"});
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(kVersion.match(version.out).hasMatch(), qPrintable(version.out));
        // No command is a usage error: the help goes to stderr, nothing to stdout.
        const CliResult none = runCli({});
        QCOMPARE(none.exitCode, 2);
        QVERIFY(none.out.isEmpty());
        QVERIFY2(none.err.contains("give a command") && none.err.contains("Commands:"),
                 qPrintable(none.err));
        const CliResult unknown = runCli({"frobnicate", "--help"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY(unknown.err.contains("unknown command 'frobnicate'"));
    }

    void everyCommandHasHelpAndVersion_data()
    {
        QTest::addColumn<QString>("command");
        const QStringList commands = listedCommands(runCli({"--help"}).out);
        for (const char* expected : {"analyze", "compare", "generate", "import", "info", "export",
                                     "recover", "repair", "record", "mpi"}) {
            QVERIFY2(commands.contains(expected), expected);
        }
        for (const QString& c : commands) {
            QTest::newRow(qPrintable(c)) << c;
        }
    }
    void everyCommandHasHelpAndVersion()
    {
        QFETCH(QString, command);
        const CliResult help = runCli({command, "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.err.isEmpty(), qPrintable(help.err));
        QVERIFY2(help.out.startsWith("usage: xylem-cli " + command), qPrintable(help.out));
        QCOMPARE(runCli({"help", command}).out, help.out);
        QCOMPARE(runCli({command, "-h"}).out, help.out);
        const auto options = optionDescriptions(help.out);
        QVERIFY2(options.contains("--help") && options.contains("--version"), qPrintable(help.out));
        QVERIFY2(options.size() > 2, qPrintable(help.out)); // every command has options of its own
        for (auto it = options.begin(); it != options.end(); ++it) {
            QVERIFY2(it.value().size() >= 8,
                     qPrintable(command + " " + it.key() + ": no description"));
        }
        const CliResult version = runCli({command, "--version"});
        QCOMPARE(version.exitCode, 0);
        QVERIFY2(kVersion.match(version.out).hasMatch(), qPrintable(version.out));
    }

    // Where an option has a default, the help says it.
    void defaultsAreShown()
    {
        const QList<QPair<QStringList, QString>> cases{
            {{"analyze"}, "--top N                       rows of each ranked table (default: 10)"},
            {{"generate"}, "(default: hierarchy)"},
            {{"mpi"},
             "--ring-capacity N             tuples each rank's shared-memory ring holds "
             "(default: 1048576)"},
            {{"record"},
             "--listen ADDRESS              where the front-end listens: an address, or "
             "auto (default: auto)"},
            {{"repair"}, "(default: every finished run)"}};
        for (const auto& [command, line] : cases) {
            const CliResult r = runCli(command + QStringList{"--help"});
            QVERIFY2(r.out.contains(line), qPrintable(r.out));
        }
    }

    void usageErrorsNameTheOption_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message"); // after "xylem-cli COMMAND: "
        QTest::newRow("bad integer") << QStringList{"analyze", "SESSION", "--top", "x"}
                                     << "--top: must be an integer from 0 to 1000000, not 'x'";
        QTest::newRow("integer out of range")
            << QStringList{"generate", "--hosts", "2", "--arity", "1"}
            << "--arity: must be an integer from 2 to 1048576, not '1'";
        QTest::newRow("bad run id") << QStringList{"repair", "SESSION", "--run", "0"}
                                    << "--run: takes a positive integer (a run id), not '0'";
        QTest::newRow("bad run in a list")
            << QStringList{"compare", "SESSION", "--runs", "1", "x"}
            << "--runs: takes a positive integer (a run id), not 'x'";
        QTest::newRow("unknown option")
            << QStringList{"info", "SESSION", "--bogus"} << "unknown option --bogus";
        QTest::newRow("unknown option with a value")
            << QStringList{"export", "SESSION", "--bogus=3"} << "unknown option --bogus";
        QTest::newRow("stray argument")
            << QStringList{"info", "SESSION", "other.xylem"} << "unexpected argument 'other.xylem'";
        QTest::newRow("missing value") << QStringList{"analyze", "SESSION", "--top"} << "--top needs a value (N)";
        QTest::newRow("missing input file")
            << QStringList{"analyze", "--tree", "/nonexistent/t.json", "--trace",
                           "/nonexistent/t.csv"}
            << "--tree: no such file '/nonexistent/t.json'";
        QTest::newRow("a folder for a file")
            << QStringList{"import", "--tree", "DIR", "--trace", "DIR", "-o", "DIR/new.xylem"}
            << "--tree: 'DIR' is a folder, not a file";
        QTest::newRow("missing session") << QStringList{"info", "/nonexistent/s.xylem"}
                                         << "SESSION: no such file '/nonexistent/s.xylem'";
        QTest::newRow("missing --session")
            << QStringList{"recover", "--session", "/nonexistent/s.xylem"}
            << "--session: no such file '/nonexistent/s.xylem'";
        QTest::newRow("session twice")
            << QStringList{"info", "SESSION", "--session", "SESSION"} << "give the session once";
        QTest::newRow("value missing at the end")
            << QStringList{"generate", "--hosts", "2", "--threads"} << "--threads needs a value (T)";
        QTest::newRow("enumeration") << QStringList{"generate", "--hosts", "2", "--shape", "spiral"}
                                     << "--shape: unknown shape 'spiral' (one of flat, kary, "
                                        "binomial, hierarchy)";
        QTest::newRow("enumeration of mpi")
            << QStringList{"mpi", "-o", "DIR/new.xylem", "--shape", "kary", "--", "true"}
            << "--shape: unknown shape 'kary' (one of flat, hierarchy)";
        QTest::newRow("integer of mpi")
            << QStringList{"mpi", "-o", "DIR/new.xylem", "--ring-capacity", "1", "--", "true"}
            << "--ring-capacity: must be an integer from 2 to 67108864, not '1'";
        QTest::newRow("enumeration of record")
            << QStringList{"record", "--hosts", "2", "--benchmark", "nope", "-o", "DIR/new.xylem"}
            << "--benchmark: unknown benchmark 'nope' (one of gsum, compute-gsum)";
        QTest::newRow("missing host file")
            << QStringList{"record", "--hostfile", "DIR/hosts", "-o", "DIR/new.xylem"}
            << "--hostfile: no such file 'DIR/hosts'";
    }
    void usageErrorsNameTheOption()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString session = examplesSession(dir);
        QVERIFY(!session.isEmpty());
        args.replaceInStrings("SESSION", session).replaceInStrings("DIR", dir.path());
        message.replace("DIR", dir.path());
        const CliResult r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.startsWith("xylem-cli " + args.front() + ": " + message), qPrintable(r.err));
        QVERIFY2(r.err.contains("every option: xylem-cli " + args.front() + " --help"),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("new.xylem"))); // refused before anything is made
    }

    // Every command that reads a session takes it as its first argument as well as --session,
    // and does the same with it.
    void sessionAsTheFirstArgument_data()
    {
        QTest::addColumn<QStringList>("rest");
        QTest::newRow("info") << QStringList{"info"};
        QTest::newRow("info --json") << QStringList{"info", "--json"};
        QTest::newRow("analyze") << QStringList{"analyze", "--run", "1", "--top", "3"};
        QTest::newRow("analyze --json") << QStringList{"analyze", "--run", "2", "--json"};
        QTest::newRow("compare") << QStringList{"compare", "--runs", "1", "2"};
        QTest::newRow("export") << QStringList{"export", "--run", "1", "--table", "threads"};
        QTest::newRow("recover") << QStringList{"recover"};
        QTest::newRow("repair") << QStringList{"repair", "--run", "2"};
    }
    void sessionAsTheFirstArgument()
    {
        QFETCH(QStringList, rest);
        QTemporaryDir dir;
        const QString session = examplesSession(dir);
        QVERIFY(!session.isEmpty());
        const QString command = rest.takeFirst();
        const CliResult named = runCli(QStringList{command, "--session", session} + rest);
        const CliResult first = runCli(QStringList{command, session} + rest);
        QVERIFY2(named.exitCode == 0, qPrintable(named.err));
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QVERIFY(!first.out.isEmpty());
        QCOMPARE(first.out, named.out);
    }

    // As collectors/mpi/README.md has it: xylem-cli info hpcc.xylem; and import's target.
    void importIntoTheFirstArgument()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("hpcc.xylem");
        CliResult r = runCli(QStringList{"import", path} + exampleFiles("two-hosts"));
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = runCli({"info", path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(path + ": Xylem session") && r.out.contains("1 run"),
                 qPrintable(r.out));
        r = runCli(QStringList{"import", path, "-o", path} + exampleFiles("two-hosts"));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("name the session file once"), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliHelp)
#include "tst_clihelp.moc"
