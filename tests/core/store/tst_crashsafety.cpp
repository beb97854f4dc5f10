// A writer killed with SIGKILL in the middle of an ingest, or stopped by the file-size limit
// of its process, leaves a file that opens with every committed batch intact.

#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/support/tracesimulator.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

constexpr size_t kBatch = 20000;

Configuration tree()
{
    return testing::makeTree(4, 2, 4, TreeShape::HierarchyAware, RootKind::Core);
}

std::vector<Tuple> trace()
{
    return testing::simulateTrace(tree(), {.calls = 20000, .seed = 12});
}

// The child: append batches forever (wrapping around the trace with fresh seqs), reporting
// each committed batch on the pipe.
[[noreturn]] void writeUntilKilled(const std::string& path, int reportFd)
{
    auto session = Session::create(path);
    auto writer = RunWriter::begin(session.value(), tree(), {"killed"});
    const auto tuples = trace();
    for (std::uint32_t batch = 0;; ++batch) {
        std::vector<Tuple> part(
            tuples.begin() + static_cast<long>((batch * kBatch) % (tuples.size() - kBatch)),
            tuples.begin() +
                static_cast<long>((batch * kBatch) % (tuples.size() - kBatch) + kBatch));
        for (Tuple& t : part) {
            t.seq += static_cast<std::int64_t>(batch) * 1'000'000; // no duplicates across laps
        }
        if (!writer->append(part)) {
            ::_exit(3);
        }
        if (::write(reportFd, &batch, sizeof batch) != sizeof batch) {
            ::_exit(4);
        }
    }
}

} // namespace

class TestCrashSafety : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void killedWriterKeepsEveryCommittedBatch()
    {
        const std::string p = m_dir.filePath("killed.xylem").toStdString();
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const pid_t child = ::fork();
        if (child == 0) {
            ::close(fds[0]);
            writeUntilKilled(p, fds[1]);
        }
        ::close(fds[1]);
        std::uint32_t committed = 0;
        std::uint32_t batch = 0;
        while (committed < 12 && ::read(fds[0], &batch, sizeof batch) == sizeof batch) {
            committed = batch + 1;
        }
        QCOMPARE(::kill(child, SIGKILL), 0);
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
        ::close(fds[0]);
        QVERIFY(committed >= 12);

        // Readable as it is: the run is still "recording", whole batches only.
        {
            auto session = Session::open(p, OpenMode::ReadOnly);
            QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
            QVERIFY(runInfo(session.value(), 1)->status == RunStatus::Recording);
            auto tuples = loadTuples(session.value(), 1);
            QVERIFY(tuples.ok());
            QVERIFY(tuples->size() >= committed * kBatch);
            QCOMPARE(tuples->size() % kBatch, size_t(0));
        }
        auto session = Session::open(p, OpenMode::ReadWrite);
        QVERIFY(storetest::integrityOk(session.value()));
        auto recovered = recoverInterruptedRuns(session.value());
        QCOMPARE(recovered.value(), std::vector<std::int64_t>{1});
        auto info = runInfo(session.value(), 1);
        QVERIFY(info->status == RunStatus::Interrupted);
        QVERIFY(info->calls > 0);
        QVERIFY(info->calls * tree().collectorCount() <= info->tuples);
    }

    // RLIMIT_FSIZE: the kernel refuses to grow the file past a size (EFBIG), as a full disk
    // refuses with ENOSPC. The writer gets DiskFull; the file keeps what was committed.
    void fileSizeLimitIsAFullDisk()
    {
        const std::string p = m_dir.filePath("limited.xylem").toStdString();
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const int exitCode = storetest::inChildProcess([&] {
            ::close(fds[0]);
            std::signal(SIGXFSZ, SIG_IGN); // get EFBIG from write(), not a signal
            auto session = Session::create(p);
            auto writer = RunWriter::begin(session.value(), tree(), {"limited"});
            const rlimit limit{1 << 20, 1 << 20}; // 1 MiB
            ::setrlimit(RLIMIT_FSIZE, &limit);
            const auto tuples = trace();
            for (size_t at = 0; at + kBatch <= tuples.size(); at += kBatch) {
                auto ok = writer->append(std::span(tuples).subspan(at, kBatch));
                if (!ok) {
                    const std::int64_t stored = writer->counters().tuples;
                    [[maybe_unused]] auto n = ::write(fds[1], &stored, sizeof stored);
                    if (ok.error().code != ErrorCode::DiskFull) {
                        std::fprintf(stderr, "writer error: %s\n", ok.error().describe().c_str());
                        return 5;
                    }
                    return 0;
                }
            }
            return 6; // never filled up
        });
        ::close(fds[1]);
        std::int64_t stored = -1;
        QCOMPARE(::read(fds[0], &stored, sizeof stored), static_cast<ssize_t>(sizeof stored));
        ::close(fds[0]);
        QCOMPARE(exitCode, 0);
        QVERIFY(stored > 0);
        auto session = Session::open(p, OpenMode::ReadWrite);
        QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
        QVERIFY(storetest::integrityOk(session.value()));
        QCOMPARE(static_cast<std::int64_t>(loadTuples(session.value(), 1)->size()), stored);
    }
};

QTEST_APPLESS_MAIN(TestCrashSafety)
#include "tst_crashsafety.moc"
