// RingDirectory's scan of /dev/shm meets rings being made (issue 21: `xylem-cli mpi` printed
// "not a Xylem ring: smaller than a ring header" for a rank that was creating its ring). A file
// with the prefix that is still smaller than a header, or has its size but not yet the magic,
// is not reported while it may still become a ring; once it is one, it is adopted; one that
// stays half made is reported once after the grace, and a refusal of another kind (a ring
// others may write) is reported at once.

#include "collectors/collector/ringdirectory.h"
#include "collectors/ring/ringlayout.h"
#include "collectors/ring/ringwriter.h"
#include "tests/support/ringprefix.h"

#include <QtTest>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace xylem;
using collector::RingDirectory;

namespace {

constexpr std::int64_t kGrace = RingDirectory::kMakingGraceNs;

// A shared-memory file with the prefix, `bytes` long, as a ring's maker leaves it between
// shm_open and ftruncate (0) or between ftruncate and the header (a ring's size, no magic).
bool makeFile(const std::string& name, off_t bytes)
{
    const int fd = ::shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    if (fd < 0) {
        return false;
    }
    const bool sized = bytes == 0 || ::ftruncate(fd, bytes) == 0;
    ::close(fd);
    return sized;
}

std::string joined(const std::vector<std::string>& problems)
{
    std::string all;
    for (const std::string& p : problems) {
        all += p + "\n";
    }
    return all;
}

} // namespace

class TestRingDirectory : public QObject
{
    Q_OBJECT

private slots:
    void aRingBeingMadeIsWaitedFor()
    {
        testing::RingPrefix prefix("making");
        const std::string empty = "/" + prefix.prefix() + "empty";
        const std::string sized = "/" + prefix.prefix() + "sized";
        QVERIFY(makeFile(empty, 0));
        QVERIFY(makeFile(sized, static_cast<off_t>(ring::kHeaderBytes + 4096)));
        RingDirectory rings(prefix.prefix());
        const std::int64_t t0 = 1'000'000'000;
        auto first = rings.scan(t0);
        QVERIFY2(first.problems.empty(), joined(first.problems).c_str());
        QVERIFY(first.found.empty());
        auto later = rings.scan(t0 + kGrace - 1);
        QVERIFY2(later.problems.empty(), joined(later.problems).c_str());

        // A real ring appearing meanwhile is adopted at once.
        auto writer = ring::RingWriter::create({prefix.prefix(), 64, BufferPolicy::FillRead,
                                                ClockKind::Monotonic, "tst", "real"});
        QVERIFY2(writer.ok(), writer.ok() ? "" : writer.error().describe().c_str());
        auto withRing = rings.scan(t0 + kGrace - 1);
        QCOMPARE(withRing.found.size(), size_t(1));
        QVERIFY(withRing.problems.empty());

        // Still half made after the grace: reported, once each, naming why.
        auto past = rings.scan(t0 + kGrace + 1);
        QCOMPARE(past.problems.size(), size_t(2));
        const std::string both = past.problems[0] + "\n" + past.problems[1];
        QVERIFY2(both.find("smaller than a ring header") != std::string::npos, both.c_str());
        QVERIFY2(both.find("no ring magic") != std::string::npos, both.c_str());
        QVERIFY(rings.scan(t0 + 2 * kGrace).problems.empty());
        ::shm_unlink(empty.c_str());
        ::shm_unlink(sized.c_str());
    }

    // The file that was empty at the first scan becomes a ring: adopted, never reported.
    void aRingFinishedWithinTheGraceIsAdopted()
    {
        testing::RingPrefix prefix("finished");
        RingDirectory rings(prefix.prefix());
        auto writer = ring::RingWriter::create({prefix.prefix(), 64, BufferPolicy::FillRead,
                                                ClockKind::Monotonic, "tst", "late"});
        QVERIFY(writer.ok());
        const std::string name = writer->name();
        // Its magic cleared, as before its maker wrote it.
        const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
        QVERIFY(fd >= 0);
        std::uint64_t magic = 0;
        QCOMPARE(::pread(fd, &magic, sizeof magic, 0), ssize_t(sizeof magic));
        const std::uint64_t none = 0;
        QCOMPARE(::pwrite(fd, &none, sizeof none, 0), ssize_t(sizeof none));
        const std::int64_t t0 = 5'000'000'000;
        auto before = rings.scan(t0);
        QVERIFY(before.found.empty());
        QVERIFY2(before.problems.empty(), joined(before.problems).c_str());
        QCOMPARE(::pwrite(fd, &magic, sizeof magic, 0), ssize_t(sizeof magic));
        ::close(fd);
        auto after = rings.scan(t0 + 1'000'000);
        QCOMPARE(after.found.size(), size_t(1));
        QVERIFY(after.problems.empty());
        QVERIFY(rings.scan(t0 + 2 * kGrace).problems.empty());
    }

    // Others may write it: a refusal that no waiting can mend is reported at the first scan.
    void otherRefusalsAreReportedAtOnce()
    {
        testing::RingPrefix prefix("writable");
        auto writer = ring::RingWriter::create({prefix.prefix(), 64, BufferPolicy::FillRead,
                                                ClockKind::Monotonic, "tst", "writable"});
        QVERIFY(writer.ok());
        const int fd = ::shm_open(writer->name().c_str(), O_RDWR, 0);
        QVERIFY(fd >= 0);
        QVERIFY(::fchmod(fd, 0622) == 0);
        ::close(fd);
        RingDirectory rings(prefix.prefix());
        auto scan = rings.scan(1);
        QCOMPARE(scan.problems.size(), size_t(1));
        QVERIFY2(scan.problems[0].find("writable by its group or by others") != std::string::npos,
                 scan.problems[0].c_str());
    }
};

QTEST_GUILESS_MAIN(TestRingDirectory)
#include "tst_ringdirectory.moc"
