#include "app/gui/mpirecordingworker.h"

#include "app/gui/guardedjob.h"

#include <QMetaObject>

namespace xylem::gui {

namespace {

// The window closes while the program ignores an interrupt: each stop after this long is the
// next of the three (interrupt, end its group, kill).
constexpr auto kStopEscalation = std::chrono::seconds(10);

} // namespace

MpiRecordingWorker::MpiRecordingWorker(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<xylem::record::Phase>();
    qRegisterMetaType<std::shared_ptr<const xylem::record::MpiRecordingOutcome>>();
}

MpiRecordingWorker::~MpiRecordingWorker()
{
    if (m_recording) {
        std::unique_lock lock(m_doneMutex);
        for (int stops = 0; !m_done && stops < 3; ++stops) {
            m_recording->stop(); // what the program recorded is stored before the window goes
            m_doneWake.wait_for(lock, kStopEscalation, [this] { return m_done; });
        }
    }
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

template <typename F> void MpiRecordingWorker::post(F&& f)
{
    QMetaObject::invokeMethod(this, std::forward<F>(f), Qt::QueuedConnection);
}

void MpiRecordingWorker::splitLines(record::MpiStream stream, std::string_view text, bool flush)
{
    const bool error = stream == record::MpiStream::Stderr;
    std::string& pending = m_pending[error ? 1 : 0];
    pending.append(text);
    size_t start = 0;
    for (size_t end; (end = pending.find('\n', start)) != std::string::npos; start = end + 1) {
        post([this,
              line = QString::fromUtf8(pending.data() + start, static_cast<qsizetype>(end - start)),
              error] { emit output(line, error); });
    }
    pending.erase(0, start);
    if (flush && !pending.empty()) {
        post([this, line = QString::fromStdString(pending), error] { emit output(line, error); });
        pending.clear();
    }
}

record::MpiRecordingCallbacks MpiRecordingWorker::callbacks()
{
    record::MpiRecordingCallbacks c;
    c.phase = [this](record::Phase p) {
        post([this, p] { emit phaseChanged(p); });
    };
    c.status = [this](const record::MpiRecordingStatus& s) {
        post([this, s] { emit statusChanged(s.tuples, s.seconds, s.tuplesPerSecond); });
    };
    c.output = [this](record::MpiStream stream, std::string_view text) {
        splitLines(stream, text, false);
    };
    return c;
}

bool MpiRecordingWorker::start(record::MpiRecordRequest request)
{
    if (m_recording) {
        return false;
    }
    if (m_thread.joinable()) {
        m_thread.join(); // the previous recording's thread, ended
    }
    m_pending[0].clear();
    m_pending[1].clear();
    m_done = false;
    m_recording = std::make_unique<record::MpiRecording>(std::move(request), callbacks());
    m_thread = std::thread([this, recording = m_recording.get()] {
        auto outcome = guarded([recording] { return recording->run(); });
        // The relay's thread has ended: its unfinished lines are this thread's now.
        splitLines(record::MpiStream::Stdout, {}, true);
        splitLines(record::MpiStream::Stderr, {}, true);
        std::shared_ptr<const record::MpiRecordingOutcome> stored;
        QString error;
        if (outcome) {
            stored =
                std::make_shared<const record::MpiRecordingOutcome>(std::move(outcome).value());
        } else {
            error = QString::fromStdString(outcome.error().describe());
        }
        {
            const std::lock_guard lock(m_doneMutex);
            m_done = true;
        }
        m_doneWake.notify_all();
        post([this, stored, error] {
            m_thread.join();
            m_recording.reset();
            emit finished(stored, error);
        });
    });
    return true;
}

void MpiRecordingWorker::stop()
{
    if (m_recording) {
        m_recording->stop();
    }
}

} // namespace xylem::gui
