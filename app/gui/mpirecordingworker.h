#pragma once

// An MPI program's recording (core/record's MpiRecording) run inside this process, on a thread
// of its own, with what it reports handed to the GUI thread as queued signals: the window never
// waits on it, and no xylem-cli is started for it. The program's output comes line by line as
// it writes it. stop() is the user's Ctrl-C: the first interrupts the program and what it
// recorded is kept, a second ends it, a third kills it. finished() comes once, last. The
// destructor stops a recording still under way (ending the program should it not stop) and
// waits for its end.

#include "core/record/mpirecording.h"

#include <QObject>
#include <QString>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace xylem::gui {

class MpiRecordingWorker : public QObject
{
    Q_OBJECT

public:
    explicit MpiRecordingWorker(QObject* parent = nullptr);
    ~MpiRecordingWorker() override;

    // False when a recording is under way already.
    bool start(record::MpiRecordRequest request);
    void stop();
    bool running() const { return m_recording != nullptr; }

signals:
    void phaseChanged(xylem::record::Phase phase);
    void statusChanged(qint64 tuples, double seconds, double tuplesPerSecond);
    // One line the program wrote (without its end of line), on its standard error or output.
    void output(const QString& line, bool standardError);
    // What was stored (outcome set; no runs when the program recorded no MPI call), or why
    // nothing was.
    void finished(std::shared_ptr<const xylem::record::MpiRecordingOutcome> outcome,
                  const QString& error);

private:
    record::MpiRecordingCallbacks callbacks();
    // Complete lines of what a stream brought so far, emitted; the rest kept (relay thread).
    void splitLines(record::MpiStream stream, std::string_view text, bool flush);
    template <typename F> void post(F&& f);

    std::unique_ptr<record::MpiRecording> m_recording;
    std::thread m_thread;
    std::string m_pending[2]; // stdout, stderr: the part of a line not yet ended
    std::mutex m_doneMutex;
    std::condition_variable m_doneWake;
    bool m_done = false;
};

} // namespace xylem::gui
