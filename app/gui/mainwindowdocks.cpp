// MainWindow's docks: every view in a dock of its own, tabbed together with the overview first;
// which view is raised; and the overview's findings of the shown run, made from its report and
// whatever else has come for it (wait states, clocks, the recording's accounting).

#include "app/gui/mainwindow.h"
#include "app/gui/offthread.h"
#include "app/gui/runpanel.h"
#include "core/store/monitorresults.h"
#include "core/store/mpitreeadapt.h"
#include "views/callview.h"
#include "views/comparisonview.h"
#include "views/monitors/monitorsview.h"
#include "views/overtimeview.h"
#include "views/overviewpage.h"
#include "views/scopebuilderpage.h"
#include "views/serializationview.h"
#include "views/tablepage.h"
#include "views/timelineview.h"
#include "views/timemapview.h"
#include "views/treeclockview.h"
#include "views/waitstateview.h"
#include "views/weightedtreeview.h"

#include <QDockWidget>
#include <QTabBar>

#include <tuple>

namespace xylem::gui {

namespace {

const QStringList kViewNames{
    QStringLiteral("overview"),      QStringLiteral("tree"),       QStringLiteral("timemap"),
    QStringLiteral("serialization"), QStringLiteral("comparison"), QStringLiteral("timeline"),
    QStringLiteral("tables"),        QStringLiteral("waitstates"), QStringLiteral("scopes"),
    QStringLiteral("clocks"),        QStringLiteral("monitors"),   QStringLiteral("call"),
    QStringLiteral("overtime")};

MainWindow::View viewShowing(FindingView view)
{
    using View = MainWindow::View;
    switch (view) {
    case FindingView::WeightedTree:
        return View::Tree;
    case FindingView::Timemap:
        return View::Timemap;
    case FindingView::Serialization:
        return View::Serialization;
    case FindingView::Timeline:
        return View::Timeline;
    case FindingView::Tables:
        return View::Tables;
    case FindingView::WaitStates:
        return View::WaitStates;
    case FindingView::Clocks:
        return View::Clocks;
    case FindingView::Monitors:
        return View::Monitors;
    case FindingView::OverTime:
        return View::OverTime;
    }
    return View::Overview;
}

} // namespace

std::optional<MainWindow::View> MainWindow::viewNamed(const QString& name)
{
    const auto at = kViewNames.indexOf(name);
    return at < 0 ? std::nullopt : std::optional(static_cast<View>(at));
}

void MainWindow::buildDocks()
{
    // The views dock inside an inner main window, the central widget: it takes the width the
    // runs leave, and a view torn off or docked beside another stays among the views.
    m_viewArea->setWindowFlags(Qt::Widget);
    m_viewArea->setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks |
                               GroupedDragging);
    m_viewArea->setTabPosition(Qt::AllDockWidgetAreas, QTabWidget::North);
    setCentralWidget(m_viewArea);
    auto* runs = new QDockWidget(tr("Runs"), this);
    runs->setObjectName(QStringLiteral("runs"));
    runs->setWidget(m_runs);
    addDockWidget(Qt::LeftDockWidgetArea, runs);
    QDockWidget* first = addViewDock(View::Overview, m_overview, tr("Overview"));
    for (auto [kind, widget, title] :
         {std::tuple{View::Tree, m_treePage, tr("Weighted tree")},
          std::tuple{View::Timemap, static_cast<QWidget*>(m_timemap), tr("Timemap")},
          std::tuple{View::Serialization, static_cast<QWidget*>(m_serialization),
                     tr("Serialization")},
          std::tuple{View::Comparison, static_cast<QWidget*>(m_comparison), tr("Comparison")},
          std::tuple{View::Timeline, static_cast<QWidget*>(m_timeline), tr("Timeline")},
          std::tuple{View::OverTime, static_cast<QWidget*>(m_overTime), tr("Over time")},
          std::tuple{View::Call, static_cast<QWidget*>(m_callView), tr("One call")},
          std::tuple{View::Tables, static_cast<QWidget*>(m_tables), tr("Tables")},
          std::tuple{View::WaitStates, static_cast<QWidget*>(m_waitStates), tr("Wait states")},
          std::tuple{View::Clocks, static_cast<QWidget*>(m_clocks), tr("Clocks")},
          std::tuple{View::Monitors, static_cast<QWidget*>(m_monitors), tr("Monitors")},
          std::tuple{View::Scopes, static_cast<QWidget*>(m_scopeBuilder), tr("Scope builder")}}) {
        m_viewArea->tabifyDockWidget(first, addViewDock(kind, widget, title));
    }
    // Thirteen tabs beside a wide runs dock do not fit 1280 px: titles stay whole and the tab
    // bar scrolls rather than eliding them to "Ta…" and "One …".
    for (QTabBar* bar : m_viewArea->findChildren<QTabBar*>()) {
        bar->setElideMode(Qt::ElideNone);
        bar->setUsesScrollButtons(true);
    }
    // One call raised with nothing of the shown run in it opens the run's slowest call. (A dock
    // behind another's tab is not hidden: visibilityChanged is what says it is in sight.)
    connect(m_viewDocks.at(View::Call), &QDockWidget::visibilityChanged, this, [this](bool shown) {
        m_callInSight = shown;
        if (shown && m_report) {
            followRunInCallViews(m_shownRun);
        }
    });
    first->raise();
}

// A view in a dock of its own; the raised one is the current view (Export View saves it).
QDockWidget* MainWindow::addViewDock(View view, QWidget* widget, const QString& title)
{
    auto* dock = new QDockWidget(title, m_viewArea);
    dock->setObjectName(QStringLiteral("view-") + kViewNames[static_cast<int>(view)]);
    dock->setWidget(widget);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    m_viewArea->addDockWidget(Qt::TopDockWidgetArea, dock);
    m_viewDocks[view] = dock;
    connect(dock, &QDockWidget::visibilityChanged, this, [this, view](bool visible) {
        if (visible) {
            m_currentView = view;
        }
    });
    return dock;
}

void MainWindow::showView(View view)
{
    if (!m_sessionShown) {
        m_chosenView = view; // the first session's run opens on it
    }
    QDockWidget* dock = m_viewDocks.at(view);
    dock->show();
    dock->raise();
    m_currentView = view;
}

QWidget* MainWindow::viewWidget(View view) const
{
    return m_viewDocks.at(view)->widget();
}

QDockWidget* MainWindow::viewDock(View view) const
{
    return m_viewDocks.at(view);
}

void MainWindow::connectOverview()
{
    connect(m_overview, &views::OverviewPage::viewRequested, this,
            [this](FindingView view) { showView(viewShowing(view)); });
}

void MainWindow::showFindings()
{
    if (!m_report) {
        return;
    }
    FindingInputs inputs;
    if (m_shownWaits) {
        inputs.waitStates = &m_shownWaits->report;
        inputs.wrapperOfRank = m_shownWaits->wrapperOfRank;
    }
    if (m_shownClocks) {
        inputs.clocks = &m_shownClocks->clocks;
    }
    inputs.recording = m_shownRecording;
    inputs.periodic = m_shownPeriodic ? &*m_shownPeriodic : nullptr;
    const auto analysed = m_analysed.find(m_shownKey);
    QString title = m_shownRun == kLiveRun         ? tr("the recording under way")
                    : analysed != m_analysed.end() ? analysed->second.label
                                                   : tr("run %1").arg(m_shownRun);
    if (m_window) { // the findings are of the window's report
        title = tr("%1 — %2").arg(title, windowText());
    }
    m_overview->setFindings(findFindings(*m_report, inputs), title);
}

void MainWindow::showPeriodicOutliers(qint64 run, const PeriodicOutliers& periodic)
{
    if (run == m_shownRun) {
        m_shownPeriodic = periodic;
        showFindings();
    }
}

// A live recording's accounting, stored with its run (none for a run recorded otherwise).
void MainWindow::queryRecording(qint64 run)
{
    const std::string path = m_controller.sessionPath().toStdString();
    using Health = std::optional<RecordingHealth>;
    runOffThread(
        this, m_recordingRequests.next(),
        [path, run](const JobProgress&) -> Result<Health> {
            XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
            XYLEM_TRY(accounting, store::storedAccounting(session.value(), run));
            return accounting.value() ? Health(recordingHealthOf(*accounting.value())) : Health();
        },
        [run](MainWindow* window, Result<Health> health) {
            // An accounting that cannot be read is the Monitors view's to say.
            if (run == window->m_shownRun && health.ok() && health.value()) {
                window->m_shownRecording = health.value();
                window->showFindings();
            }
        });
}

void MainWindow::queryTreeSwitches(qint64 run)
{
    const std::string path = m_controller.sessionPath().toStdString();
    using Switches = std::vector<store::TreeSwitchAt>;
    runOffThread(
        this, m_treeSwitchRequests.next(),
        [path, run](const JobProgress&) -> Result<Switches> {
            XYLEM_TRY(session, store::Session::open(path, store::OpenMode::ReadOnly));
            return store::mpiTreeSwitches(session.value(), run);
        },
        [run](MainWindow* window, Result<Switches> switches) {
            // Marks are extra: a record that cannot be read leaves the timeline without them.
            if (run == window->m_shownRun && switches.ok()) {
                window->m_timeline->setTreeSwitches(switches.value());
            }
        });
}

} // namespace xylem::gui
