#pragma once

// Opens sessions and analyses runs off the GUI thread. Each request reports once, with
// sessionOpened / reportAvailable or failed; a newer request makes older ones stale, and
// stale results are dropped (generation counter), so a slow analysis never overwrites the
// run the user picked after it. busy() tells the window to show progress.

#include "core/analysis/report.h"
#include "core/store/timeline.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <atomic>
#include <memory>

namespace xylem::gui {

struct RunEntry
{
    qint64 id = 0;
    QString name;
    QString source;
    qint64 tuples = 0;
    qint64 calls = 0;
    QString status;
    qint64 firstNs = 0; // the run's span (0, 0 when it has no tuple)
    qint64 lastNs = 0;
};

class SessionController : public QObject
{
    Q_OBJECT

public:
    explicit SessionController(QObject* parent = nullptr);

    void openSession(const QString& path);
    void analyzeRun(qint64 run);
    // The timeline buckets of a window of a run (operation and slowest-thread time); only the
    // newest request reports (timelineAvailable), so dragging never queues up stale windows.
    void queryTimeline(qint64 run, qint64 fromNs, qint64 toNs, int maxPoints);
    QString sessionPath() const { return m_path; }

signals:
    void sessionOpened(const QString& path, const QVector<xylem::gui::RunEntry>& runs);
    void reportAvailable(qint64 run, std::shared_ptr<const xylem::AnalysisReport> report);
    void timelineAvailable(qint64 run, const xylem::store::TimelineSlice& operation,
                           const xylem::store::TimelineSlice& slowest);
    void failed(const QString& message);
    void busy(bool working);

private:
    QString m_path;
    std::shared_ptr<std::atomic<int>> m_generation = std::make_shared<std::atomic<int>>(0);
    std::shared_ptr<std::atomic<int>> m_timelineGeneration = std::make_shared<std::atomic<int>>(0);
};

} // namespace xylem::gui
