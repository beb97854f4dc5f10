#pragma once

// Xylem's main window: the runs of the open sessions (one or several at once) in a dock on the
// left (RunPanel), the analysis of the chosen run in dockable views (tabbed together at first; each can be torn off or docked
// beside another), long work off the GUI thread with progress and Cancel in the status bar.
// Open by menu, recent list, drag and drop or command line; Save and Save As; window state
// and recent sessions kept in QSettings; live recordings (a local demo, or a program started
// elsewhere) from the Live menu. The window only shows: SessionController loads, analyses and
// writes, LiveController records, the views draw.

#include "app/gui/livecontroller.h"
#include "app/gui/runkey.h"
#include "app/gui/sessioncontroller.h"
#include "core/analysis/findings.h"
#include "views/labelledreport.h"

#include <QMainWindow>

#include <map>
#include <memory>
#include <optional>

class QDockWidget;
class QLabel;
class QLineEdit;
class QListWidget;
class QMenu;
class QProgressBar;
class QToolButton;

namespace xylem::views {
class CallView;
class ComparisonView;
class MonitorsView;
class OverTimeView;
class OverviewPage;
class SerializationView;
class TablePage;
class TimelineView;
class TimemapView;
class ScopeBuilderPage;
class TreeClockView;
class WaitStateView;
class WeightedTreeView;
} // namespace xylem::views

namespace xylem::gui {

class CallDetailJob;
class OverTimeJob;
class RecentSessionsMenu;
class RunPanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    enum class View
    {
        Overview,
        Tree,
        Timemap,
        Serialization,
        Comparison,
        Timeline,
        Tables,
        WaitStates,
        Scopes,
        Clocks,
        Monitors,
        Call,
        OverTime
    };
    // "overview", "tree", "timemap", "serialization", "comparison", "timeline", "tables",
    // "waitstates", "scopes", "clocks", "monitors", "call", "overtime"; nullopt otherwise.
    static std::optional<View> viewNamed(const QString& name);

    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Closes the open sessions and opens path, showing preferredRun (the newest when < 0).
    void openSession(const QString& path, qint64 preferredRun = 0);
    // Opens path beside the open sessions (File ▸ Add Session, a drop with Ctrl held, the
    // command line's second session on) and shows its preferred run (the first when 0, none
    // when nullopt: only listed); the runs analysed before stay for the comparison.
    void addSession(const QString& path, std::optional<qint64> preferredRun = 0);
    // Forgets an open session and what was analysed of it (RunPanel's Close Session).
    void closeSession(const QString& path);
    // The session that ships inside Xylem, copied to a temporary file and opened.
    void openSampleSession();
    SessionController& controller() { return m_controller; }
    LiveController& live() { return m_live; }
    // Records a local demo cluster and shows the run as it grows (live mode).
    void startLiveDemo(const DemoSettings& settings);
    // Records a program started elsewhere whose collectors attach through an address file.
    void startMonitoring(const AttachSettings& settings);
    // Records an MPI program under the PMPI interposer; the session opens when it ends.
    void startMpiRecording(const MpiRecordSettings& settings);
    // Records the gsum benchmark on the machines of a host file, shown as it grows.
    void startClusterRecording(const ClusterRecordSettings& settings);
    void saveSessionAs(const QString& path);
    // Opens a scope design file in the Scope builder; false, with the reason on stderr, when
    // it cannot be read (`xylem --design FILE`).
    bool openDesign(const QString& path);
    void showView(View view);
    // The run's periodic outliers (core/analysis/overtimeanalysis.h) for the overview's findings;
    // ignored unless run is the one shown.
    void showPeriodicOutliers(qint64 run, const PeriodicOutliers& periodic);
    // Raises the One call view on call seq of a stored run of the open session, loaded off the
    // GUI thread (calldetailjob.h).
    void showCall(qint64 run, qint64 seq);
    // The slowest call (by operation time) that starts in the timeline's bucket at atNs, in ns on
    // the shown run's clock: what a double-click on the timeline opens (mainwindowcalls.cpp).
    void showSlowestCallAt(std::int64_t atNs);
    View currentView() const { return m_currentView; }
    // The view's widget (the Weighted tree's page with its search field); each view's dock is
    // named "view-" and its name (viewNamed), the runs' dock "runs".
    QWidget* viewWidget(View view) const;
    QDockWidget* viewDock(View view) const;
    views::OverviewPage* overview() const { return m_overview; }
    views::CallView* callView() const { return m_callView; }
    views::OverTimeView* overTime() const { return m_overTime; }
    views::WaitStateView* waitStates() const { return m_waitStates; }
    views::TreeClockView* clocks() const { return m_clocks; }
    RunPanel* runPanel() const { return m_runs; }
    QListWidget* runList() const;
    std::shared_ptr<const AnalysisReport> report() const { return m_report; }
    RunKey shownRun() const { return m_shownKey; } // null while none, or a recording, is shown

signals:
    void reportShown(qint64 run);             // the views show the run's analysis (kLiveRun: live)
    void noRunToShow(const QString& session); // the session opened holds no run

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void buildLiveMenu();
    void buildDocks();
    QDockWidget* addViewDock(View view, QWidget* widget, const QString& title);
    // The overview (mainwindowdocks.cpp): the findings of the shown run from its report and
    // what else came for it (wait states, clocks, the recording's accounting).
    void connectOverview();
    void showFindings();
    void queryRecording(qint64 run);
    // The switches of --adapt's tuner in the run, marked on the timeline (none: no marks).
    void queryTreeSwitches(qint64 run);
    // One call and Over time (mainwindowcalls.cpp): their views and jobs, and what they show of
    // the run shown; forgetCalls when another session or a recording begins.
    void buildCallViews();
    void followRunInCallViews(qint64 run);
    void forgetCalls(const QString& why = {}); // empty: no session yet
    void showSlowestCall(qint64 run, std::optional<store::TimeWindow> window);
    void chooseSession();
    void chooseAddedSession();
    // The sessions (mainwindowsessions.cpp): one opened in place of all, one added, one closed;
    // the label of a run (its session named when several are open) and what the views that
    // compare runs are handed.
    void connectSessions();
    void showRuns(const QString& path, const QVector<RunEntry>& runs);
    void showAddedSession(const QString& path, const QVector<RunEntry>& runs);
    void forgetSession(const QString& path);
    QString runLabel(const RunKey& key) const;
    void feedComparison();
    void updateTitle();
    void showReport(qint64 run, std::shared_ptr<const AnalysisReport> report,
                    std::shared_ptr<const std::vector<std::int64_t>> operationTimes);
    void presentReport(qint64 run, std::shared_ptr<const AnalysisReport> report, bool whole);
    // The analysis window (mainwindowanalysiswindow.cpp, issue 23 item 5): a range chosen on
    // the timeline is analysed and shown in every view, named in the title and status line;
    // "Analyse the whole run" shows the run's report again. Not kept among m_analysed.
    void connectAnalysisWindow();
    void chooseAnalysisWindow(std::optional<std::pair<std::int64_t, std::int64_t>> ns);
    void showWindowReport(qint64 run, std::shared_ptr<const AnalysisReport> report,
                          std::shared_ptr<const std::vector<std::int64_t>> operationTimes,
                          qint64 firstSeq, qint64 lastSeq);
    QString windowText() const; // "calls #120–#880, 1.200 s–8.800 s"; empty without a window
    void showWaitStates(qint64 run, std::shared_ptr<const WaitStateData> waits);
    void showClocks(qint64 run, std::shared_ptr<const RunClocks> clocks);
    void showError(const QString& message);
    void exportTable();
    void saveViewImage();
    void chooseSaveAs();
    void findNode();
    void connectLive();
    // A recording begins: status said, the views that only a stored run fills say so.
    void beginLive(const QString& status);
    void showLiveReport(const QString& session, std::shared_ptr<const AnalysisReport> report);

    SessionController m_controller;
    LiveController m_live;
    std::shared_ptr<const AnalysisReport> m_report;
    qint64 m_preferredRun = 0;
    QMainWindow* m_viewArea; // where the views dock
    QWidget* m_treePage;
    views::WeightedTreeView* m_tree;
    views::TablePage* m_tables;
    views::TimemapView* m_timemap;
    views::SerializationView* m_serialization;
    views::ComparisonView* m_comparison;
    views::TimelineView* m_timeline;
    views::WaitStateView* m_waitStates;
    views::TreeClockView* m_clocks;
    views::ScopeBuilderPage* m_scopeBuilder;
    views::MonitorsView* m_monitors;
    views::OverviewPage* m_overview;
    views::CallView* m_callView = nullptr;
    views::OverTimeView* m_overTime = nullptr;
    CallDetailJob* m_callJob = nullptr;
    OverTimeJob* m_overTimeJob = nullptr;
    Generation m_slowestRequests; // the store's slowest call of a bucket or run, newest only
    qint64 m_callRun = -1;        // the run the One call view shows a call of; -1: none
    bool m_callInSight = false;   // its dock is raised (or floats) and shown
    qint64 m_overTimeRun = -1;    // the run the Over time view shows or is analysing; -1: none
    store::TimelineSlice m_timelineOperation; // the operation series the timeline draws
    // What the overview's findings read besides the report, for m_shownRun.
    std::shared_ptr<const WaitStateData> m_shownWaits;
    std::shared_ptr<const RunClocks> m_shownClocks;
    std::optional<RecordingHealth> m_shownRecording;
    std::optional<PeriodicOutliers> m_shownPeriodic;
    Generation m_recordingRequests;
    Generation m_treeSwitchRequests;
    // A view chosen (showView) before the first session opened: it is raised instead of the
    // overview when that session's run is shown (`xylem --tab`); any later session opens on the
    // overview.
    std::optional<View> m_chosenView;
    bool m_sessionShown = false;
    bool m_sessionOpened = false; // a session opened whose first run is not shown yet
    std::map<RunKey, std::pair<qint64, qint64>> m_spans; // run -> first and last ns
    std::map<QString, std::optional<qint64>> m_preferredOf; // session being added -> run to show
    RunKey m_shownKey;   // the stored run shown (null: none, or the recording under way)
    qint64 m_shownRun = 0; // its id (kLiveRun: the recording under way)
    static constexpr qint64 kLiveRun = 0; // the run a recording in this process grows
    bool m_liveFitted = false;            // the weighted tree fitted to the live run once
    // The analysis window shown: its range in ns on the run's clock, its complete calls' seqs,
    // report and per-call times; nullopt: the whole run. m_windowAsked: the range under way.
    struct ShownWindow
    {
        std::pair<std::int64_t, std::int64_t> ns;
        qint64 firstSeq = 0;
        qint64 lastSeq = 0;
        std::shared_ptr<const AnalysisReport> report;
        std::shared_ptr<const std::vector<std::int64_t>> operationTimes;
    };
    std::optional<ShownWindow> m_window;
    // The range of the report shown (nullopt: the whole run), which Over time and One call follow.
    std::optional<std::pair<std::int64_t, std::int64_t>> shownWindowNs() const
    {
        return m_window ? std::optional(m_window->ns) : std::nullopt;
    }
    std::optional<std::pair<std::int64_t, std::int64_t>> m_windowAsked;
    // Every run analysed so far, of every open session, for the views that overlay runs.
    std::map<RunKey, views::LabelledReport> m_analysed;
    std::map<View, QDockWidget*> m_viewDocks;
    View m_currentView = View::Overview;
    RunPanel* m_runs;
    QLineEdit* m_find;
    RecentSessionsMenu* m_recent = nullptr;
    QLabel* m_status;
    QProgressBar* m_progress;
    QToolButton* m_cancel;
};

} // namespace xylem::gui
