// core/tree/addressfile.h: the address file holds the tree's token, so no other user may ever
// read it. It is private from the moment it exists (whatever the umask), a file or link
// planted under a name the writer might use is not written through, and a file that others
// may read or change, or that belongs to another user, is refused when read, naming the file
// and the fix. What is written reads back the same.

#include "core/gather/topology.h"
#include "core/tree/addressfile.h"
#include "tests/support/modespy.h"

#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::tree;

namespace {

AddressBook book()
{
    return AddressBook{"3f9c0a1b",
                       {{0, "127.0.0.1", 40123}, {1, "127.0.0.1", 40124}},
                       gather::levelTopology({1, 2}, "localhost").value()};
}

std::string contentOf(const std::string& path)
{
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace

class TestAddressFile : public QObject
{
    Q_OBJECT

private slots:
    void readsBackWhatWasWritten();
    void neverVisibleToOthersWhileWritten();
    void plantedLinkIsNotWrittenThrough();
    void fileOthersMayReadIsRefused();
    void fileOfAnotherUserIsRefused();
};

void TestAddressFile::readsBackWhatWasWritten()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.address").toStdString();
    QVERIFY(writeAddressFile(path, book()));
    const auto back = readAddressFile(path);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QCOMPARE(back->token, std::string("3f9c0a1b"));
    QCOMPARE(back->listening.size(), size_t(2));
    QCOMPARE(back->listening[1].port, std::uint16_t(40124));
    QCOMPARE(back->topology.nodes.size(), book().topology.nodes.size());
}

void TestAddressFile::neverVisibleToOthersWhileWritten()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.address").toStdString();
    const mode_t old = ::umask(0); // a creator's mode reaches the file unmasked
    std::vector<std::string> exposed;
    int calls = 0;
    {
        const testing::ModeSpy spy(dir.path().toStdString());
        const bool written = writeAddressFile(path, book()).ok();
        exposed = spy.exposed();
        calls = spy.calls();
        ::umask(old);
        QVERIFY(written);
    }
    QVERIFY2(calls > 0, "none of the writer's steps was seen");
    QVERIFY2(exposed.empty(), exposed.empty() ? "" : exposed.front().c_str());
    struct stat st
    {
    };
    QVERIFY(::stat(path.c_str(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
}

void TestAddressFile::plantedLinkIsNotWrittenThrough()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.address").toStdString();
    const std::string victim = dir.filePath("victim").toStdString();
    std::ofstream(victim) << "precious\n";
    QVERIFY(::symlink(victim.c_str(), (path + ".part").c_str()) == 0);
    QVERIFY(writeAddressFile(path, book()));
    QCOMPARE(contentOf(victim), std::string("precious\n"));
    QVERIFY(readAddressFile(path));
}

void TestAddressFile::fileOthersMayReadIsRefused()
{
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.address").toStdString();
    QVERIFY(writeAddressFile(path, book()));
    QVERIFY(::chmod(path.c_str(), 0644) == 0);
    const auto read = readAddressFile(path);
    QVERIFY(!read);
    const std::string message = read.error().describe();
    QVERIFY2(message.starts_with(path +
                                 ": cannot use the address file: group or others may "
                                 "read or change it (mode 0644): run chmod 600 " +
                                 path),
             message.c_str());
}

void TestAddressFile::fileOfAnotherUserIsRefused()
{
    if (::geteuid() != 0) {
        QSKIP("giving a file to another user needs root");
    }
    QTemporaryDir dir;
    const std::string path = dir.filePath("tree.address").toStdString();
    QVERIFY(writeAddressFile(path, book()));
    QVERIFY(::chown(path.c_str(), 65534, 65534) == 0);
    const auto read = readAddressFile(path);
    QVERIFY(!read);
    QVERIFY2(read.error().message.find("it belongs to user 65534") != std::string::npos,
             read.error().describe().c_str());
}

QTEST_GUILESS_MAIN(TestAddressFile)
#include "tst_addressfile.moc"
