#pragma once

// `xylem S --screenshot FILE`: saves the window as FILE once the run's analysis and its wait
// states are shown, then ends. Every other way the window can come to show nothing more ends
// it too, with a message on stderr, so that a headless call always returns: a failure (exit 1;
// after the report, the picture is still saved), a session without runs (the empty window is
// saved, exit 0), nothing shown within the time-out (exit 1).

#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>

namespace xylem::gui {

class MainWindow;

class ScreenshotJob : public QObject
{
    Q_OBJECT

public:
    ScreenshotJob(MainWindow& window, QString file, std::chrono::milliseconds timeout,
                  QObject* parent = nullptr);

    // For a window given nothing to open: saves it as it is, once it is drawn.
    void shootWhenDrawn();
    // Shoots only once this run is shown too: after the first run's report it is chosen, and
    // both stay analysed (the comparison puts them side by side, the serialization overlays them).
    void showAlso(qint64 run) { m_alsoRun = run; }

signals:
    void finished(int exitCode);

private:
    void onReport(qint64 run);
    void onFailure(const QString& message);
    void onNoRun(const QString& path);
    void shootIfSettled();
    void shoot(int exitCode);

    MainWindow& m_window;
    QString m_file;
    QTimer m_settle; // the timeline's and system samples' answers come after the report
    QTimer m_giveUp;
    qint64 m_alsoRun = 0; // 0: none, or chosen already
    bool m_reported = false;
    bool m_settled = false;
    bool m_waitsKnown = false; // the wait states (the last view filled) arrived, or failed
    bool m_failed = false;
    bool m_done = false;
};

} // namespace xylem::gui
