#pragma once

// Opens sessions and analyses runs off the GUI thread. Several sessions can be open at once
// (openSession replaces them all, addSession opens one beside them); the shown run's session is
// sessionPath(), where the queries for the shown run go. Each request reports once, with
// sessionOpened / sessionAdded / reportAvailable or failed; a newer request makes older ones
// stale, and stale results are dropped (generation counter), so a slow analysis never overwrites
// the run the user picked after it. A run wanted for a comparison is analysed on a stream of
// its own (analyzeForComparison) that neither cancels nor is cancelled by the shown run's.
// busy() tells the window to show progress; cancel() drops the request under way (its worker
// finishes in the background, its result is never shown). Edits (a run's name and notes, Save,
// Save As) write to the run's own file off the GUI thread too.

#include "app/gui/offthread.h"
#include "app/gui/runclocks.h"
#include "app/gui/runkey.h"
#include "app/gui/waitstatedata.h"
#include "core/analysis/callwindow.h"
#include "core/analysis/report.h"
#include "core/model/result.h"
#include "core/store/attachments.h"
#include "core/store/session.h"
#include "core/store/timeline.h"

#include <QObject>
#include <QString>
#include <QStringList>
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

    // Closes every open session and opens path (sessionOpened).
    void openSession(const QString& path);
    // Opens path beside the sessions open (sessionAdded); after an open under way, in order.
    void addSession(const QString& path);
    // Forgets an open session (sessionClosed); when it was the shown run's, none is shown.
    void closeSession(const QString& path);
    QStringList sessions() const { return m_sessions; }
    // Analyses a run and makes its session the shown one when the report comes (reportAvailable).
    void analyzeRun(const RunKey& key);
    void analyzeRun(qint64 run); // of the shown run's session
    // Analyses the shown run in an analysis window (windowReportAvailable, or windowFailed); on
    // the shown run's stream: choosing another run drops it. The report is not the whole run's.
    void analyzeWindow(qint64 run, const CallWindow& window);
    // Analyses a run for the comparison without showing it (comparisonReportAvailable, or
    // comparisonFailed); every request reports unless its session is closed meanwhile.
    void analyzeForComparison(const RunKey& key);
    // The timeline buckets of a window of a run (operation and slowest-thread time); only the
    // newest request reports (timelineAvailable), so dragging never queues up stale windows.
    void queryTimeline(qint64 run, qint64 fromNs, qint64 toNs, int maxPoints);
    // The run's system samples (CPU, network, ... of every host), for the timeline.
    void querySystemSamples(qint64 run);
    // The wait states of the run's MPI data (waitStatesAvailable; a null data for a run without).
    void queryWaitStates(qint64 run);
    // The run's clock models with what they did to its tuples (clocksAvailable).
    void queryClocks(qint64 run);
    // The shown run's session (the one opened, before a run is shown).
    QString sessionPath() const { return m_path; }
    // Stops waiting for the open or analysis under way; busy(false) at once.
    void cancel();

    void renameRun(const RunKey& key, const QString& name);
    void setRunNotes(const RunKey& key, const QString& notes);
    // Every change is committed as it is made; save() folds the log into the shown run's file so
    // the file alone is complete. saveAs() copies that session to path (savedAs).
    void save();
    void saveAs(const QString& path);

signals:
    void sessionOpened(const QString& path, const QVector<xylem::gui::RunEntry>& runs);
    void sessionAdded(const QString& path, const QVector<xylem::gui::RunEntry>& runs);
    void sessionClosed(const QString& path);
    void reportAvailable(qint64 run, std::shared_ptr<const xylem::AnalysisReport> report,
                         std::shared_ptr<const std::vector<std::int64_t>> operationTimes);
    // The buckets of the window [fromNs, toNs] that queryTimeline asked for.
    void timelineAvailable(qint64 run, const xylem::store::TimelineSlice& operation,
                           const xylem::store::TimelineSlice& slowest, qint64 fromNs,
                           qint64 toNs);
    void systemSamplesAvailable(qint64 run, const std::vector<xylem::store::SystemSample>& samples);
    void waitStatesAvailable(qint64 run, std::shared_ptr<const xylem::gui::WaitStateData> data);
    void clocksAvailable(qint64 run, std::shared_ptr<const xylem::gui::RunClocks> clocks);
    // The shown run's analysis in a window: its calls' operation times, ascending by seq, and
    // the first and last seq of its complete calls.
    void windowReportAvailable(qint64 run, std::shared_ptr<const xylem::AnalysisReport> report,
                               std::shared_ptr<const std::vector<std::int64_t>> operationTimes,
                               qint64 firstSeq, qint64 lastSeq);
    void windowFailed(qint64 run, const QString& message);
    void comparisonReportAvailable(const xylem::gui::RunKey& key,
                                   std::shared_ptr<const xylem::AnalysisReport> report,
                                   std::shared_ptr<const std::vector<std::int64_t>> operationTimes);
    void comparisonFailed(const xylem::gui::RunKey& key, const QString& message);
    void failed(const QString& message);
    void runRenamed(const xylem::gui::RunKey& key, const QString& name);
    void runNotesKept(const xylem::gui::RunKey& key, const QString& notes);
    void saved(const QString& path);
    void savedAs(const QString& from, const QString& path);
    void busy(bool working);
    // How far the work under way is, 0..100, where it can be counted (reading the run's
    // chunks); -1 while it cannot (the engine analysing).
    void progress(int percent);

private:
    // Opens session path (mode) off the GUI thread and runs job on it (a Result<T>); then
    // done(this, value) on the GUI thread, or failed(failure, its lowest %N the error). A query
    // (shownOnly) reports only while path is still the shown run's session.
    template <typename T, typename Job, typename Done>
    void withSession(const QString& path, store::OpenMode mode, Job job, const QString& failure,
                     Done done, bool shownOnly = false);
    // An edit of session path: job writes; done on success, failed("Cannot DOING: ...") otherwise.
    void edit(const QString& path, store::OpenMode mode,
              std::function<Result<Ok>(store::Session& session)> job, const QString& doing,
              std::function<void()> done);
    // Lists path's runs; replace: as the only open session (sessionOpened), else beside them.
    void list(const QString& path, bool replace);
    void listNext(); // the next session waiting to be added, once no listing is under way

    QString m_path;          // the shown run's session
    QStringList m_sessions;  // every open session, in the order opened
    QStringList m_toAdd;     // sessions to add once the listing under way is done
    bool m_listing = false;  // a session is being listed
    Generation m_lists;      // listing sessions: opening replaces what waits to be added
    Generation m_requests;   // analysing the shown run: the newest reports, cancel() drops it
    Generation m_comparisons; // analysing runs for the comparison: opening drops them all
    Ticket m_comparisonTicket = m_comparisons.next(); // the requests' since the last opening
    Generation m_timelineRequests; // the timeline's windows: only the newest is read
};

} // namespace xylem::gui
