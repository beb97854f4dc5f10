#pragma once

// A live demo recorded in the window's process, as the live window suites make it: a local demo
// cluster of 2 hosts x 2 threads (h1.t1 delayed far above a scheduler slice unless the suite
// changes `settings` first) recorded into live.xylem in a temporary folder of its own, started
// by the window and stopped with a bounded wait for LiveController::finished.
// Declare it before the window: the folder then outlives the window, which stops a recording
// still running when it closes (a suite that failed half-way).

#include "app/gui/mainwindow.h"

#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>

#include <optional>

namespace xylem::testing {

class LiveDemoRecording
{
public:
    LiveDemoRecording()
    {
        settings.hosts = 2;
        settings.threadsPerHost = 2;
        settings.noise = QStringLiteral("h1.t1:8000:1"); // 8 ms every call on h1.t1
        settings.session = m_dir.filePath(QStringLiteral("live.xylem"));
    }

    gui::DemoSettings settings;

    const QString& session() const { return settings.session; }

    // The suite's own spies on the window are made before: the first signals may come soon.
    void start(gui::MainWindow& window)
    {
        m_finished.emplace(&window.live(), &gui::LiveController::finished);
        window.startLiveDemo(settings);
    }

    // Stops the recording and waits for its end: empty when it ended well, else why not.
    QString stop(gui::MainWindow& window, int timeoutMs = 30000)
    {
        if (!m_finished) {
            return QStringLiteral("the recording was never started");
        }
        window.live().stop();
        if (m_finished->isEmpty() && !m_finished->wait(timeoutMs)) {
            return QStringLiteral("the recording did not end within %1 ms").arg(timeoutMs);
        }
        const QList<QVariant>& end = m_finished->first();
        return end.at(1).toBool()
                   ? QString()
                   : QStringLiteral("the recording failed: %1").arg(end.at(2).toString());
    }

private:
    QTemporaryDir m_dir;
    std::optional<QSignalSpy> m_finished;
};

} // namespace xylem::testing
