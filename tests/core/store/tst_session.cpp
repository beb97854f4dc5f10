// Opening and creating session files, and every kind of bad file: each gets a clear error
// that names the problem, never a crash.

#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/schema.h"
#include "core/store/session.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

void writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The error opening path gives, as "code|message".
Error openError(const std::string& path, OpenMode mode = OpenMode::ReadOnly)
{
    auto session = Session::open(path, mode);
    return session ? Error{ErrorCode::InvalidArgument, "opened without error", ""}
                   : session.error();
}

} // namespace

class TestSession : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

private slots:
    void createsAndReopensAnEmptySession()
    {
        const std::string p = path("new.xylem");
        {
            auto session = Session::create(p);
            QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
            QCOMPARE(session->formatVersion(), kCurrentFormat);
            QVERIFY(session->writable());
        }
        // Closed cleanly: a single file, no write-ahead log beside it.
        QVERIFY(!std::filesystem::exists(p + "-wal"));
        auto reopened = Session::open(p, OpenMode::ReadOnly);
        QVERIFY(reopened.ok());
        QVERIFY(!reopened->writable());
        QVERIFY(!reopened->upgradedFrom());
        QCOMPARE(listRuns(reopened.value())->size(), size_t(0));
    }

    void createRefusesAnExistingSessionButTakesAnEmptyFile()
    {
        const std::string p = path("exists.xylem");
        (void)storetest::sessionWithExamples(p);
        auto again = Session::create(p);
        QVERIFY(!again.ok());
        QVERIFY(again.error().describe().find("already exists") != std::string::npos);
        auto untouched = Session::open(p, OpenMode::ReadOnly);
        QCOMPARE(listRuns(untouched.value())->size(), size_t(2));

        const std::string empty = path("touched.xylem");
        writeBytes(empty, "");
        QVERIFY(Session::create(empty).ok());
        QVERIFY(Session::openOrCreate(path("fresh.xylem")).ok());
    }

    void badFiles_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("empty") << QByteArray() << int(ErrorCode::NotASession)
                               << "the file is empty";
        QTest::newRow("text") << QByteArray("collector,seq,down_ns,up_ns\nT1,0,1,2\n")
                              << int(ErrorCode::NotASession) << "not an SQLite database";
        QTest::newRow("short header")
            << QByteArray("SQLite format 3\0abc", 19) << int(ErrorCode::Corrupt)
            << "ends inside the database header";
        QTest::newRow("garbage after magic")
            << QByteArray("SQLite format 3\0", 16) + QByteArray(4096, '\x5a')
            << int(ErrorCode::Corrupt) << "damaged database header";
    }
    void badFiles()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, code);
        QFETCH(QString, message);
        const std::string p = path("bad.xylem");
        writeBytes(p, bytes.toStdString());
        for (OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite}) {
            const Error e = openError(p, mode);
            QVERIFY2(int(e.code) == code, e.describe().c_str());
            QVERIFY2(e.describe().find(message.toStdString()) != std::string::npos,
                     e.describe().c_str());
            QVERIFY2(e.describe().find(p) != std::string::npos,
                     e.describe().c_str()); // names the file
        }
        QCOMPARE(readBytes(p), bytes.toStdString()); // looking did not change it
    }

    void missingFileAndDirectory()
    {
        QCOMPARE(openError(path("nope.xylem")).code, ErrorCode::NotFound);
        QCOMPARE(openError(m_dir.path().toStdString()).code, ErrorCode::IoError);
    }

    void anotherProgramsSqliteDatabase()
    {
        const std::string p = path("other.db");
        {
            auto db = Database::open(p, Database::Mode::Create);
            QVERIFY(db.ok());
            QVERIFY(db.value()
                        .exec("CREATE TABLE contacts (name TEXT); PRAGMA application_id = 1234")
                        .ok());
        }
        const Error e = openError(p);
        QCOMPARE(e.code, ErrorCode::NotASession);
        QVERIFY2(e.describe().find("another program") != std::string::npos, e.describe().c_str());
        {
            auto db = Database::open(path("blank.db"), Database::Mode::Create);
            QVERIFY(db.ok() && db.value().exec("VACUUM").ok());
        }
        QCOMPARE(openError(path("blank.db")).code, ErrorCode::NotASession);
    }

    void newerFormatIsRefusedNotMisread()
    {
        const std::string p = path("future.xylem");
        (void)storetest::sessionWithExamples(p);
        {
            auto db = Database::open(p, Database::Mode::ReadWrite);
            QVERIFY(db.value().exec("PRAGMA user_version = 7").ok());
        }
        for (OpenMode mode : {OpenMode::ReadOnly, OpenMode::ReadWrite}) {
            const Error e = openError(p, mode);
            QCOMPARE(e.code, ErrorCode::NewerFormat);
            QVERIFY2(e.describe().find("format 7") != std::string::npos, e.describe().c_str());
        }
    }

    void missingTableIsDamage()
    {
        const std::string p = path("damaged.xylem");
        (void)storetest::sessionWithExamples(p);
        {
            auto db = Database::open(p, Database::Mode::ReadWrite);
            QVERIFY(db.value().exec("DROP TABLE summaries").ok());
        }
        const Error e = openError(p);
        QCOMPARE(e.code, ErrorCode::Corrupt);
        QVERIFY2(e.describe().find("'summaries' is missing") != std::string::npos,
                 e.describe().c_str());
    }

    void truncatedFile()
    {
        const std::string p = path("truncated.xylem");
        (void)storetest::sessionWithExamples(p);
        const std::string whole = readBytes(p);
        writeBytes(p, whole.substr(0, whole.size() / 2));
        const Error e = openError(p);
        QCOMPARE(e.code, ErrorCode::Corrupt);
        QVERIFY2(e.describe().find("truncated") != std::string::npos, e.describe().c_str());
    }

    // Bytes flipped anywhere after the header: opening and reading every run either works or
    // fails with an error; it never crashes and never returns wrong tuples silently.
    void corruptedPagesNeverCrash()
    {
        const std::string p = path("flipped.xylem");
        (void)storetest::sessionWithExamples(p);
        const std::string whole = readBytes(p);
        const auto reference = [&] {
            auto s = Session::open(p, OpenMode::ReadOnly);
            return loadTuples(s.value(), 1).value();
        }();
        int errors = 0;
        for (size_t at = 100; at < whole.size(); at += 97) {
            std::string damaged = whole;
            damaged[at] = static_cast<char>(damaged[at] ^ 0x5A);
            writeBytes(p, damaged);
            auto s = Session::open(p, OpenMode::ReadOnly);
            if (!s) {
                ++errors;
                continue;
            }
            auto runs = listRuns(s.value());
            auto tuples = loadTuples(s.value(), 1);
            if (!runs || !tuples) {
                ++errors;
            } else {
                QVERIFY(tuples.value() == reference); // read back intact, or not at all
            }
        }
        QVERIFY(errors > 0);
    }

    void readOnlyFile()
    {
        const std::string p = path("readonly.xylem");
        (void)storetest::sessionWithExamples(p);
        std::filesystem::permissions(p, std::filesystem::perms::owner_read |
                                            std::filesystem::perms::group_read |
                                            std::filesystem::perms::others_read);
        std::filesystem::permissions(m_dir.path().toStdString(), std::filesystem::perms::all);
        const auto check = [&] {
            auto writer = Session::open(p, OpenMode::ReadWrite);
            if (writer || writer.error().code != ErrorCode::ReadOnly) {
                return 10;
            }
            if (writer.error().describe().find("read-only") == std::string::npos) {
                return 11;
            }
            auto reader = Session::open(p, OpenMode::ReadOnly);
            if (!reader) {
                return 12;
            }
            auto runs = listRuns(reader.value());
            return runs && runs->size() == 2 ? 0 : 13;
        };
        // Root writes anything: check as an unprivileged user, in a child process.
        const int status = storetest::runningAsRoot() ? storetest::inChildProcess([&] {
            return storetest::dropPrivileges() ? check() : 20;
        })
                                                      : check();
        QCOMPARE(status, 0);
    }
};

QTEST_APPLESS_MAIN(TestSession)
#include "tst_session.moc"
