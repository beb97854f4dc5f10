#include "app/gui/screenshotjob.h"

#include "app/gui/mainwindow.h"
#include "app/gui/runpanel.h"

#include <cstdio>
#include <utility>

namespace xylem::gui {

namespace {

constexpr auto kSettle = std::chrono::milliseconds(400);

void say(std::FILE* stream, const QString& text)
{
    std::fprintf(stream, "xylem: %s\n", qPrintable(text));
    std::fflush(stream);
}

} // namespace

ScreenshotJob::ScreenshotJob(MainWindow& window, QString file, std::chrono::milliseconds timeout,
                             QObject* parent)
    : QObject(parent)
    , m_window(window)
    , m_file(std::move(file))
{
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettle);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        m_settled = true;
        shootIfSettled();
    });
    m_giveUp.setSingleShot(true);
    connect(&m_giveUp, &QTimer::timeout, this, [this, timeout] {
        say(stderr, tr("nothing more was shown within %1 s").arg(timeout.count() / 1000));
        m_failed = true;
        shoot(1);
    });
    m_giveUp.start(timeout);
    connect(&window, &MainWindow::reportShown, this, &ScreenshotJob::onReport);
    connect(&window, &MainWindow::noRunToShow, this, &ScreenshotJob::onNoRun);
    connect(&window.controller(), &SessionController::failed, this, &ScreenshotJob::onFailure);
    connect(&window.controller(), &SessionController::waitStatesAvailable, this, [this] {
        m_waitsKnown = true;
        shootIfSettled();
    });
}

void ScreenshotJob::shootWhenDrawn()
{
    QTimer::singleShot(kSettle, this, [this] { shoot(0); });
}

void ScreenshotJob::onReport(qint64 run)
{
    if (const qint64 next = std::exchange(m_alsoRun, 0); next > 0 && next != run) {
        if (m_window.runPanel()->chooseRun(next)) {
            say(stdout, tr("run %1 is shown; now run %2").arg(run).arg(next));
            m_waitsKnown = false; // the next run's wait states are asked for again
            return;
        }
        say(stderr, tr("the session holds no run %1").arg(next));
        m_failed = true;
    }
    m_reported = true;
    m_settle.start();
}

// Before a report, nothing will be shown (the session or the run could not be read); after
// it, a view failed: the window is saved as it is, and the exit says something went wrong.
void ScreenshotJob::onFailure(const QString& message)
{
    say(stderr, message);
    m_failed = true;
    m_waitsKnown = true;
    if (!m_reported) {
        m_done = true;
        emit finished(1);
        return;
    }
    shootIfSettled();
}

void ScreenshotJob::onNoRun(const QString& path)
{
    say(stderr, tr("%1 holds no run: the window shows the empty session").arg(path));
    shootWhenDrawn();
}

void ScreenshotJob::shootIfSettled()
{
    if (m_reported && m_settled && m_waitsKnown) {
        shoot(m_failed ? 1 : 0);
    }
}

void ScreenshotJob::shoot(int exitCode)
{
    if (m_done) {
        return;
    }
    m_done = true;
    const bool saved = m_window.grab().save(m_file);
    say(saved ? stdout : stderr, (saved ? tr("saved %1") : tr("cannot save %1")).arg(m_file));
    emit finished(saved ? exitCode : 1);
}

} // namespace xylem::gui
