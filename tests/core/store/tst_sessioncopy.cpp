// Save As: a copy of an open session holds every run, a failed copy leaves an existing target
// untouched and no partial file behind, and a session cannot be copied onto itself.

#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/sessioncopy.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <sys/resource.h>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

class TestSessionCopy : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

private slots:
    void copyHoldsEveryRunWithItsNameAndNotes()
    {
        const std::string source = path("source.xylem");
        const std::string target = path("copy.xylem");
        {
            Session session = storetest::sessionWithExamples(source);
            QVERIFY(renameRun(session, 1, "renamed").ok());
            QVERIFY(setRunNotes(session, 2, "slow on Tuesdays").ok());
            auto copied = copySession(session, target);
            QVERIFY2(copied.ok(), copied ? "" : copied.error().describe().c_str());
        }
        auto copy = Session::open(target, OpenMode::ReadOnly);
        QVERIFY2(copy.ok(), copy ? "" : copy.error().describe().c_str());
        auto runs = listRuns(copy.value());
        QVERIFY(runs.ok());
        QCOMPARE(runs->size(), size_t{2});
        QCOMPARE(runs->at(0).metadata.name, std::string("renamed"));
        QCOMPARE(runs->at(1).metadata.notes, std::string("slow on Tuesdays"));
        auto original = Session::open(source, OpenMode::ReadOnly);
        for (std::int64_t run : {1, 2}) {
            QCOMPARE(loadTuples(copy.value(), run)->size(),
                     loadTuples(original.value(), run)->size());
        }
        QVERIFY(!std::filesystem::exists(target + ".partial"));
    }

    void aReadOnlySessionCanBeCopied()
    {
        const std::string source = path("readonly-source.xylem");
        (void)storetest::sessionWithExamples(source);
        auto session = Session::open(source, OpenMode::ReadOnly);
        QVERIFY(session.ok());
        auto copied = copySession(session.value(), path("readonly-copy.xylem"));
        QVERIFY2(copied.ok(), copied ? "" : copied.error().describe().c_str());
    }

    void aSessionIsNotCopiedOntoItself()
    {
        const std::string source = path("self.xylem");
        Session session = storetest::sessionWithExamples(source);
        auto copied = copySession(session, source);
        QVERIFY(!copied.ok());
        QVERIFY(copied.error().message.find("already saved there") != std::string::npos);
        QVERIFY(storetest::integrityOk(session));
        QCOMPARE(listRuns(session)->size(), size_t{2});
    }

    // A full disk (the file size limit) while copying: an error, the old target intact.
    void aFullDiskLeavesTheOldTargetAsItWas()
    {
        const std::string source = path("big.xylem");
        const std::string target = path("existing.xylem");
        (void)storetest::sessionWithExamples(source);
        std::ofstream(target) << "the user's old file";
        const int exitCode = storetest::inChildProcess([&] {
            std::signal(SIGXFSZ, SIG_IGN);
            auto session = Session::open(source, OpenMode::ReadOnly);
            const rlimit limit{4096, 4096};
            ::setrlimit(RLIMIT_FSIZE, &limit);
            auto copied = copySession(session.value(), target);
            if (copied.ok()) {
                return 6;
            }
            return copied.error().message.find("cannot write the copy") != std::string::npos ? 0
                                                                                             : 5;
        });
        QCOMPARE(exitCode, 0);
        std::ifstream in(target);
        std::string text;
        std::getline(in, text);
        QCOMPARE(text, std::string("the user's old file"));
        QVERIFY(!std::filesystem::exists(target + ".partial"));
    }

    void saveFoldsTheLogIntoTheFile()
    {
        const std::string source = path("checkpoint.xylem");
        Session session = storetest::sessionWithExamples(source);
        QVERIFY(renameRun(session, 1, "after").ok());
        auto saved = checkpointSession(session);
        QVERIFY2(saved.ok(), saved ? "" : saved.error().describe().c_str());
        std::error_code ec;
        QCOMPARE(std::filesystem::file_size(source + "-wal", ec), std::uintmax_t{0});
    }

    void saveNeedsAWritableSession()
    {
        const std::string source = path("ro-save.xylem");
        (void)storetest::sessionWithExamples(source);
        auto session = Session::open(source, OpenMode::ReadOnly);
        auto saved = checkpointSession(session.value());
        QVERIFY(!saved.ok());
        QCOMPARE(saved.error().code, ErrorCode::ReadOnly);
    }
};

QTEST_GUILESS_MAIN(TestSessionCopy)
#include "tst_sessioncopy.moc"
