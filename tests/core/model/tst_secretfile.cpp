// core/model/secretfile.h: a secret is written into a file no other user can read at any moment
// (mode 0600 from its creation, whatever the umask; never through a file or link planted under
// the temporary name; nothing left behind on failure), and read only from the user's own
// regular file that group and others can neither read nor change, of bounded size; each
// refusal names the file and, where there is one, the fix.

#include "core/model/secretfile.h"
#include "tests/support/modespy.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace xylem;

namespace {

constexpr uid_t kNobody = 65534;

mode_t modeOf(const std::string& path)
{
    struct stat st
    {
    };
    return ::lstat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

bool plainWrite(const std::string& path, const std::string& text, mode_t mode)
{
    {
        std::ofstream out(path, std::ios::trunc);
        out << text;
        if (!out.flush()) {
            return false;
        }
    }
    return ::chmod(path.c_str(), mode) == 0;
}

// The umask for one test: 0 lets every bit a creator asks for through.
class Umask
{
public:
    explicit Umask(mode_t mask)
        : m_old(::umask(mask))
    {
    }
    ~Umask() { ::umask(m_old); }

private:
    mode_t m_old;
};

} // namespace

class TestSecretFile : public QObject
{
    Q_OBJECT

private slots:
    void writtenFileIsPrivateAtEveryStep_data();
    void writtenFileIsPrivateAtEveryStep();
    void plantedFilesAndLinksAreNotWrittenThrough();
    void failedWriteLeavesNoTemporary();
    void fileOthersMayReadIsRefused_data();
    void fileOthersMayReadIsRefused();
    void fileOfAnotherUserIsRefused();
    void symbolicLinkIsRefused();
    void notARegularFileIsRefused();
    void hugeFileIsRefused();
    void missingFileIsNotFound();
};

void TestSecretFile::writtenFileIsPrivateAtEveryStep_data()
{
    QTest::addColumn<int>("mask");
    QTest::newRow("umask 000") << 0;
    QTest::newRow("umask 022") << 022;
    QTest::newRow("umask 277") << 0277; // would leave the owner unable to read it
}

void TestSecretFile::writtenFileIsPrivateAtEveryStep()
{
    QFETCH(int, mask);
    QTemporaryDir dir;
    const std::string path = dir.filePath("token").toStdString();
    QVERIFY(plainWrite(path, "old\n", 0600));
    {
        const Umask umask(static_cast<mode_t>(mask));
        const testing::ModeSpy spy(dir.path().toStdString());
        QVERIFY(writeSecretFile(path, "3f9c secret\n"));
        QVERIFY2(spy.calls() >= 2, "the writer's steps were not seen"); // fchmod, fsync, rename
        const auto exposed = spy.exposed();
        QVERIFY2(exposed.empty(), exposed.empty() ? "" : exposed.front().c_str());
    }
    QCOMPARE(modeOf(path), mode_t(0600));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"token"});
    const auto back = readSecretFile(path);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QCOMPARE(back.value(), std::string("3f9c secret\n"));
}

void TestSecretFile::plantedFilesAndLinksAreNotWrittenThrough()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.address").toStdString();
    const std::string victim = dir.filePath("victim").toStdString();
    QVERIFY(plainWrite(victim, "precious\n", 0644));
    // Every name an old writer used, and a guess at ours, point at someone else's file.
    for (const std::string& planted :
         {path + ".part", path + ".tmp", dir.filePath(".tree.address.part").toStdString()}) {
        QVERIFY(::symlink(victim.c_str(), planted.c_str()) == 0);
    }
    QVERIFY(writeSecretFile(path, "secret\n"));
    std::ifstream in(victim);
    std::string line;
    QVERIFY(std::getline(in, line));
    QCOMPARE(line, std::string("precious"));
    QCOMPARE(modeOf(victim), mode_t(0644));
    QCOMPARE(readSecretFile(path).value(), std::string("secret\n"));

    // A link at the target itself is replaced, not followed.
    const std::string linked = dir.filePath("linked").toStdString();
    QVERIFY(::symlink(victim.c_str(), linked.c_str()) == 0);
    QVERIFY(writeSecretFile(linked, "mine\n"));
    QCOMPARE(readSecretFile(linked).value(), std::string("mine\n"));
    QCOMPARE(modeOf(victim), mode_t(0644));
}

void TestSecretFile::failedWriteLeavesNoTemporary()
{
    QTemporaryDir dir;
    const std::string missing = dir.filePath("no-such-folder/token").toStdString();
    const auto nowhere = writeSecretFile(missing, "x\n");
    QVERIFY(!nowhere);
    QVERIFY2(nowhere.error().describe().find(missing) != std::string::npos,
             nowhere.error().describe().c_str());

    // The target is a folder: rename fails after the write; the folder and no temporary stay.
    const std::string folder = dir.filePath("folder").toStdString();
    QVERIFY(QDir().mkpath(QString::fromStdString(folder + "/inside")));
    QVERIFY(!writeSecretFile(folder, "x\n"));
    QCOMPARE(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
             QStringList{"folder"});
}

void TestSecretFile::fileOthersMayReadIsRefused_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("0644") << 0644;
    QTest::newRow("0640") << 0640;
    QTest::newRow("0604") << 0604;
    QTest::newRow("0620 (group may change it)") << 0620;
    QTest::newRow("0602 (others may change it)") << 0602;
}

void TestSecretFile::fileOthersMayReadIsRefused()
{
    QFETCH(int, mode);
    QTemporaryDir dir;
    const std::string path = dir.filePath("token").toStdString();
    QVERIFY(plainWrite(path, "secret\n", static_cast<mode_t>(mode)));
    const auto read = readSecretFile(path);
    QVERIFY(!read);
    const std::string message = read.error().describe();
    QVERIFY2(message.starts_with(path + ": "), message.c_str());
    QVERIFY2(message.find("group or others may read or change it") != std::string::npos,
             message.c_str());
    QVERIFY2(message.find("chmod 600 " + path) != std::string::npos, message.c_str());

    QVERIFY(::chmod(path.c_str(), 0600) == 0); // the fix the message names
    QVERIFY(readSecretFile(path));
    QVERIFY(::chmod(path.c_str(), 0400) == 0); // read-only for the owner is as good
    QVERIFY(readSecretFile(path));
}

void TestSecretFile::fileOfAnotherUserIsRefused()
{
    QTemporaryDir dir;
    std::string path = "/etc/passwd"; // root's, for a user who is not root
    if (::geteuid() == 0) {
        path = dir.filePath("token").toStdString();
        QVERIFY(plainWrite(path, "secret\n", 0600));
        QVERIFY(::chown(path.c_str(), kNobody, kNobody) == 0);
    }
    const auto read = readSecretFile(path);
    QVERIFY(!read);
    const std::string message = read.error().describe();
    QVERIFY2(message.starts_with(path + ": it belongs to user "), message.c_str());
    QVERIFY2(message.find("not to this user (" + std::to_string(::geteuid()) + ")") !=
                 std::string::npos,
             message.c_str());
}

void TestSecretFile::symbolicLinkIsRefused()
{
    QTemporaryDir dir;
    const std::string real = dir.filePath("token").toStdString();
    const std::string link = dir.filePath("link").toStdString();
    QVERIFY(plainWrite(real, "secret\n", 0600));
    QVERIFY(::symlink(real.c_str(), link.c_str()) == 0);
    const auto read = readSecretFile(link);
    QVERIFY(!read);
    QVERIFY2(read.error().describe().starts_with(link + ": a symbolic link"),
             read.error().describe().c_str());
}

void TestSecretFile::notARegularFileIsRefused()
{
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("fifo").toStdString();
    QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
    const auto read = readSecretFile(fifo); // no writer: must not wait for one
    QVERIFY(!read);
    QVERIFY2(read.error().describe() == fifo + ": not a regular file",
             read.error().describe().c_str());
    const auto folder = readSecretFile(dir.path().toStdString());
    QVERIFY(!folder);
    QVERIFY2(folder.error().message == "not a regular file", folder.error().describe().c_str());
}

void TestSecretFile::hugeFileIsRefused()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("huge").toStdString();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    QVERIFY(fd >= 0);
    // Sparse: a gigabyte announced costs no disk, and must cost the reader no memory either.
    const bool sized = ::ftruncate(fd, off_t(1) << 30) == 0;
    ::close(fd);
    QVERIFY(sized);
    const auto read = readSecretFile(path);
    QVERIFY(!read);
    QVERIFY2(read.error().describe() ==
                 path + ": it is larger than " + std::to_string(kMaxSecretFileBytes) + " bytes",
             read.error().describe().c_str());

    QVERIFY(writeSecretFile(path, std::string(100, 'x')));
    QVERIFY(!readSecretFile(path, 99));
    QCOMPARE(readSecretFile(path, 100).value().size(), size_t(100));
}

void TestSecretFile::missingFileIsNotFound()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("absent").toStdString();
    const auto read = readSecretFile(path);
    QVERIFY(!read);
    QVERIFY(read.error().code == ErrorCode::NotFound);
    QVERIFY2(read.error().describe().starts_with(path + ": cannot open"),
             read.error().describe().c_str());
}

QTEST_GUILESS_MAIN(TestSecretFile)
#include "tst_secretfile.moc"
