#pragma once

// Running xylem-cli as a user would, for the session suites (tst_clisession, tst_cliexport):
// the process, its output, and a session in a temporary directory with the worked examples.

#include "tests/support/testdata.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace xylem::testing {

struct CliResult
{
    int exitCode = -1;
    QString out;
    QString err;
};

inline CliResult runCli(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(XYLEM_CLI), args);
    if (!p.waitForFinished(60000)) {
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

inline QString data(const QString& name)
{
    return QString::fromStdString(testDataPath(name.toStdString()));
}

// --tree and --trace of a worked example.
inline QStringList exampleFiles(const QString& example)
{
    return {"--tree", data(example + ".tree.json"), "--trace", data(example + ".trace.csv")};
}

inline nlohmann::json parseJson(const QString& text)
{
    return nlohmann::json::parse(text.toStdString(), nullptr, false); // discarded on bad input
}

// dir/s.xylem with run 1 "two hosts" (two-hosts) and run 2 "flat" (flat-mpi); empty on failure.
inline QString examplesSession(const QTemporaryDir& dir)
{
    const QString path = dir.filePath("s.xylem");
    const CliResult r =
        runCli(QStringList{"import"} + exampleFiles("two-hosts") + exampleFiles("flat-mpi") +
               QStringList{"--name", "two hosts", "--name", "flat", "-o", path});
    if (r.exitCode != 0) {
        qWarning("import failed (%d): %s", r.exitCode, qPrintable(r.err));
        return {};
    }
    return path;
}

inline void writeFile(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), qint64(bytes.size()));
}

} // namespace xylem::testing
