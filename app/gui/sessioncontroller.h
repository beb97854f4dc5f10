#pragma once

// Opens sessions and analyses runs off the GUI thread. Each request reports once, with
// sessionOpened / reportAvailable or failed; a newer request makes older ones stale, and
// stale results are dropped (generation counter), so a slow analysis never overwrites the
// run the user picked after it. busy() tells the window to show progress; cancel() drops the
// request under way (its worker finishes in the background, its result is never shown).
// Edits (a run's name and notes, Save, Save As) write to the file off the GUI thread too.

#include "app/gui/offthread.h"
#include "app/gui/runclocks.h"
#include "app/gui/waitstatedata.h"
#include "core/analysis/report.h"
#include "core/model/result.h"
#include "core/store/attachments.h"
#include "core/store/session.h"
#include "core/store/timeline.h"

#include <QObject>
#include <QString>
#include <QVector>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace xylem::gui {

struct RunEntry
{
    qint64 id = 0;
    QString name;
    QString source;
    qint64 tuples = 0;
    qint64 calls = 0;
    QString status;
    QString notes;
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
    // The run's system samples (CPU, network, ... of every host), for the timeline.
    void querySystemSamples(qint64 run);
    // The wait states of the run's MPI data (waitStatesAvailable; a null data for a run without).
    void queryWaitStates(qint64 run);
    // The run's clock models with what they did to its tuples (clocksAvailable).
    void queryClocks(qint64 run);
    QString sessionPath() const { return m_path; }
    // Stops waiting for the open or analysis under way; busy(false) at once.
    void cancel();

    void renameRun(qint64 run, const QString& name);
    void setRunNotes(qint64 run, const QString& notes);
    // Every change is committed as it is made; save() folds the log into the file so the file
    // alone is complete. saveAs() copies the session to path (savedAs), then that is open.
    void save();
    void saveAs(const QString& path);

signals:
    void sessionOpened(const QString& path, const QVector<xylem::gui::RunEntry>& runs);
    void reportAvailable(qint64 run, std::shared_ptr<const xylem::AnalysisReport> report,
                         std::shared_ptr<const std::vector<std::int64_t>> operationTimes);
    void timelineAvailable(qint64 run, const xylem::store::TimelineSlice& operation,
                           const xylem::store::TimelineSlice& slowest);
    void systemSamplesAvailable(qint64 run, const std::vector<xylem::store::SystemSample>& samples);
    void waitStatesAvailable(qint64 run, std::shared_ptr<const xylem::gui::WaitStateData> data);
    void clocksAvailable(qint64 run, std::shared_ptr<const xylem::gui::RunClocks> clocks);
    void failed(const QString& message);
    void runRenamed(qint64 run, const QString& name);
    void runNotesKept(qint64 run, const QString& notes);
    void saved(const QString& path);
    void savedAs(const QString& path);
    void busy(bool working);
    // How far the work under way is, 0..100, where it can be counted (reading the run's
    // chunks); -1 while it cannot (the engine analysing).
    void progress(int percent);

private:
    // Opens the open session (mode) off the GUI thread and runs job on it (a Result<T>); then
    // done(this, value) on the GUI thread, or failed(failure, its lowest %N the error).
    template <typename T, typename Job, typename Done>
    void withSession(store::OpenMode mode, Job job, const QString& failure, Done done);
    // An edit: job writes; done on success, failed("Cannot DOING: ...") otherwise.
    void edit(store::OpenMode mode, std::function<Result<Ok>(store::Session& session)> job,
              const QString& doing, std::function<void()> done);

    QString m_path;
    Generation m_requests;         // opening and analysing: the newest reports, cancel() drops it
    Generation m_timelineRequests; // the timeline's windows: only the newest is read
};

} // namespace xylem::gui
