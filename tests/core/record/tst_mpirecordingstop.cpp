// MpiRecording's stops, as xylem-cli's Ctrl-C and the GUI's Stop make them: a real recording
// (a local collector under the gather tree, the program started in a group of its own) of a shell
// program that says which signal reached it. The first stop interrupts the program (SIGINT to the
// launcher) and the recording waits for it to end; a second ends its group (SIGTERM); a third
// kills it. The program's output comes through the callback as it writes it, and a program that
// recorded no MPI call leaves no session file behind.

#include "core/record/mpirecording.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

using namespace xylem;
using namespace std::chrono_literals;

namespace {

// A recording on a thread of its own, with the program's output collected as it comes.
class Recorder
{
public:
    Recorder(const QTemporaryDir& dir, const std::string& script)
        : m_recording(request(dir, script), callbacks())
        , m_thread([this] {
            auto outcome = m_recording.run();
            const std::lock_guard lock(m_mutex);
            m_outcome.emplace(std::move(outcome));
            m_wake.notify_all();
        })
    {
    }
    ~Recorder()
    {
        for (int i = 0; i < 3; ++i) {
            m_recording.stop(); // a failed test leaves nothing running
        }
        m_thread.join();
    }

    record::MpiRecording& recording() { return m_recording; }

    // Waits (bounded) until the program wrote `text` on standard output.
    bool waitForOutput(const std::string& text)
    {
        std::unique_lock lock(m_mutex);
        return m_wake.wait_for(lock, 30s, [&] {
            return m_output.find(text) != std::string::npos || m_outcome.has_value();
        }) && m_output.find(text) != std::string::npos;
    }
    // The recording's outcome, or why there is none (its error, or no end within 60 s).
    Result<record::MpiRecordingOutcome> waitForOutcome()
    {
        std::unique_lock lock(m_mutex);
        if (!m_wake.wait_for(lock, 60s, [&] { return m_outcome.has_value(); })) {
            return makeError(ErrorCode::TimedOut, "the recording did not end within 60 s");
        }
        return *m_outcome;
    }
    std::string output()
    {
        const std::lock_guard lock(m_mutex);
        return m_output;
    }

private:
    static record::MpiRecordRequest request(const QTemporaryDir& dir, const std::string& script)
    {
        record::MpiRecordRequest r;
        r.command = {"/bin/sh", "-c", script};
        r.sessionPath = dir.filePath("stopped.xylem").toStdString();
        return r;
    }
    record::MpiRecordingCallbacks callbacks()
    {
        record::MpiRecordingCallbacks c;
        c.output = [this](record::MpiStream stream, std::string_view text) {
            if (stream == record::MpiStream::Stdout) {
                const std::lock_guard lock(m_mutex);
                m_output.append(text);
                m_wake.notify_all();
            }
        };
        return c;
    }

    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::string m_output;
    std::optional<Result<record::MpiRecordingOutcome>> m_outcome;
    record::MpiRecording m_recording;
    std::thread m_thread;
};

} // namespace

class TestMpiRecordingStop : public QObject
{
    Q_OBJECT

private slots:
    void theFirstStopInterruptsTheProgram()
    {
        QTemporaryDir dir;
        Recorder r(dir, "trap 'echo interrupted; exit 3' INT; echo started; "
                        "while true; do sleep 0.05; done");
        QVERIFY2(r.waitForOutput("started\n"), r.output().c_str());
        r.recording().stop();
        const auto outcome = r.waitForOutcome();
        QVERIFY2(outcome.ok(), outcome.ok() ? "" : outcome.error().describe().c_str());
        const record::MpiRecordingOutcome& o = outcome.value();
        QVERIFY2(r.output().find("interrupted\n") != std::string::npos, r.output().c_str());
        QCOMPARE(o.exitCode, 3);
        QVERIFY(!o.exit.signalled);
        QCOMPARE(o.programExit, std::string("exited with code 3"));
        QVERIFY(o.interrupted);
        QVERIFY(o.runs.empty());
        QVERIFY(o.noCalls == record::MpiNoCalls::FailedEarly);
        QVERIFY(!QFile::exists(dir.filePath("stopped.xylem"))); // made for nothing: removed
    }

    // A program that only says which signal came: the second stop sends its group SIGTERM, the
    // third kills it.
    void theSecondEndsItsGroupAndTheThirdKillsIt()
    {
        QTemporaryDir dir;
        Recorder r(dir, "trap 'echo int' INT; trap 'echo term' TERM; echo started; "
                        "while true; do sleep 0.05; done");
        QVERIFY2(r.waitForOutput("started\n"), r.output().c_str());
        r.recording().stop();
        QVERIFY2(r.waitForOutput("int\n"), r.output().c_str());
        r.recording().stop();
        QVERIFY2(r.waitForOutput("term\n"), r.output().c_str());
        r.recording().stop();
        const auto outcome = r.waitForOutcome();
        QVERIFY2(outcome.ok(), outcome.ok() ? "" : outcome.error().describe().c_str());
        const record::MpiRecordingOutcome& o = outcome.value();
        QVERIFY(o.exit.signalled);
        QCOMPARE(o.exit.number, SIGKILL);
        QCOMPARE(o.exitCode, 128 + SIGKILL);
        QVERIFY(o.interrupted);
        QCOMPARE(r.recording().stops(), 3);
    }

    void aBadRequestIsAnError()
    {
        QTemporaryDir dir;
        record::MpiRecordRequest request;
        request.command = {dir.filePath("missing").toStdString()};
        request.sessionPath = dir.filePath("s.xylem").toStdString();
        record::MpiRecording recording(request, {});
        const auto outcome = recording.run();
        QVERIFY(!outcome);
        QVERIFY2(outcome.error().message.find("no such executable file") != std::string::npos,
                 outcome.error().message.c_str());
        QVERIFY(!recording.run()); // once
        QVERIFY(!QFile::exists(dir.filePath("s.xylem")));
    }
};

QTEST_GUILESS_MAIN(TestMpiRecordingStop)
#include "tst_mpirecordingstop.moc"
