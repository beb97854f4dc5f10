#include "app/gui/mainwindow.h"

#include "app/gui/attachdialog.h"
#include "app/gui/busybar.h"
#include "app/gui/demodialog.h"
#include "app/gui/languagemenu.h"
#include "app/gui/mpikindbar.h"
#include "app/gui/mpikinddata.h"
#include "app/gui/mpirecorddialog.h"
#include "app/gui/recentsessionsmenu.h"
#include "app/gui/runpanel.h"
#include "app/gui/scopebuilderlink.h"
#include "app/gui/sessionpaths.h"
#include "app/gui/subtreeserializationfeed.h"
#include "core/live/scopedesignjson.h"
#include "core/live/scopegenerator.h"
#include "views/comparisonview.h"
#include "views/monitors/monitorsview.h"
#include "views/overviewpage.h"
#include "views/scopebuilderpage.h"
#include "views/serializationview.h"
#include "views/tablepage.h"
#include "views/timelineview.h"
#include "views/timemapview.h"
#include "views/treeclockview.h"
#include "views/viewexport.h"
#include "views/waitstateview.h"
#include "views/weightedtreeview.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolButton>
#include <QVBoxLayout>

#include <cstdio>
#include <utility>

namespace xylem::gui {

namespace {
// 1: the overview, first of the views; 2: Over time and One call beside the timeline.
constexpr int kViewsLayoutVersion = 2;
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_viewArea(new QMainWindow(this))
    , m_treePage(new QWidget(this))
    , m_tree(new views::WeightedTreeView(this))
    , m_tables(new views::TablePage(this))
    , m_timemap(new views::TimemapView(this))
    , m_serialization(new views::SerializationView(this))
    , m_comparison(new views::ComparisonView(this))
    , m_timeline(new views::TimelineView(this))
    , m_waitStates(new views::WaitStateView(this))
    , m_clocks(new views::TreeClockView(this))
    , m_scopeBuilder(new views::ScopeBuilderPage(this))
    , m_monitors(new views::MonitorsView(this))
    , m_overview(new views::OverviewPage(this))
    , m_runs(new RunPanel(this))
    , m_find(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    setWindowTitle(tr("Xylem"));
    setAcceptDrops(true);
    auto* treeLayout = new QVBoxLayout(m_treePage);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    m_find->setPlaceholderText(tr("Find a gred or thread by id…"));
    m_find->setClearButtonEnabled(true);
    treeLayout->addWidget(m_find);
    treeLayout->addWidget(m_tree, 1);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(120);
    m_progress->hide();
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop waiting for the session or analysis under way"));
    m_cancel->hide();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancel);
    buildCallViews();
    buildDocks();
    addToolBar(Qt::TopToolBarArea, new MpiKindBar(&m_controller, m_runs, this));
    buildMenus();
    connect(m_find, &QLineEdit::returnPressed, this, &MainWindow::findNode);
    connectLive();
    connectOverview();
    // Selecting a thread highlights it in every view.
    connect(m_tree, &views::WeightedTreeView::threadSelected, m_timemap,
            &views::TimemapView::highlightThread);
    connect(m_waitStates, &views::WaitStateView::threadSelected, m_timemap,
            &views::TimemapView::highlightThread);
    connect(&m_controller, &SessionController::waitStatesAvailable, this,
            &MainWindow::showWaitStates);
    connect(&m_controller, &SessionController::clocksAvailable, this, &MainWindow::showClocks);
    auto* subtreeFeed = new SubtreeSerializationFeed(
        m_serialization,
        [this] {
            std::vector<LabelledRun> runs;
            for (const auto& [key, labelled] : m_analysed) {
                runs.emplace_back(key, labelled.label);
            }
            return runs;
        },
        this);
    connect(subtreeFeed, &SubtreeSerializationFeed::failed, this, &MainWindow::showError);
    auto* scopes = new ScopeBuilderLink(
        m_scopeBuilder, &m_live, [] { return newSessionPath(QStringLiteral("xylem-scope")); },
        this);
    connect(scopes, &ScopeBuilderLink::failed, this, &MainWindow::showError);
    connect(m_scopeBuilder, &views::ScopeBuilderPage::failed, this, &MainWindow::showError);
    scopes->followSession(m_runs, &m_controller, [this] {
        return m_report ? live::hostsOfConfiguration(*m_report->configuration) : live::HostList{};
    });
    connectSessions();
    connectAnalysisWindow();
    connect(&m_controller, &SessionController::reportAvailable, this, &MainWindow::showReport);
    connect(&m_controller, &SessionController::failed, this, &MainWindow::showError);
    connect(m_timeline, &views::TimelineView::windowRequested, this,
            [this](qint64 from, qint64 to, int points) {
                if (m_shownRun > 0) {
                    m_controller.queryTimeline(m_shownRun, from, to, points);
                }
            });
    connect(&m_controller, &SessionController::timelineAvailable, this,
            [this](qint64 run, const store::TimelineSlice& operation,
                   const store::TimelineSlice& slowest, qint64 fromNs, qint64 toNs) {
                // Drawn only if still the window in view; what is drawn is what a double-click
                // on the timeline looks up (showSlowestCallAt).
                if (run == m_shownRun && m_timeline->setSlices(fromNs, toNs, operation, slowest)) {
                    m_timelineOperation = operation;
                }
            });
    connect(&m_controller, &SessionController::systemSamplesAvailable, this,
            [this](qint64 run, const std::vector<store::SystemSample>& samples) {
                if (run == m_shownRun) {
                    m_timeline->setSystemSamples(samples);
                }
            });
    connect(&m_controller, &SessionController::busy, m_progress, &QWidget::setVisible);
    followProgress(m_progress, &m_controller);
    connect(&m_controller, &SessionController::busy, m_cancel, &QWidget::setVisible);
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        m_controller.cancel();
        m_status->setText(tr("Cancelled."));
    });
    connect(&m_controller, &SessionController::saved, this,
            [this](const QString& path) { m_status->setText(tr("Saved %1.").arg(path)); });
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    // A layout kept before the overview was the first tab is not restored (version 0).
    m_viewArea->restoreState(settings.value(QStringLiteral("window/views")).toByteArray(),
                             kViewsLayoutVersion);
    m_status->setText(tr("Open a session (File ▸ Open) or drop a .xylem file here."));
}

MainWindow::~MainWindow() = default;

bool MainWindow::openDesign(const QString& path)
{
    if (auto design = live::readDesignFile(path.toStdString()); !design) {
        std::fprintf(stderr, "xylem: cannot open %s: %s\n", qPrintable(path),
                     design.error().describe().c_str());
        return false;
    }
    return m_scopeBuilder->openDesign(path);
}

QListWidget* MainWindow::runList() const
{
    return m_runs->list();
}

void MainWindow::chooseSession()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Session"), QString(), tr("Xylem sessions (*.xylem);;All files (*)"));
    if (!path.isEmpty()) {
        openSession(path);
    }
}

void MainWindow::chooseAddedSession()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        this, tr("Add Session"), QString(), tr("Xylem sessions (*.xylem);;All files (*)"));
    for (const QString& path : paths) {
        addSession(path);
    }
}

void MainWindow::chooseSaveAs()
{
    if (m_controller.sessionPath().isEmpty()) {
        showError(tr("Open a session first: there is nothing to save."));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Session As"), m_controller.sessionPath(), tr("Xylem sessions (*.xylem)"));
    if (!path.isEmpty()) {
        saveSessionAs(path);
    }
}

void MainWindow::saveSessionAs(const QString& path)
{
    m_runs->flushNotes();
    m_status->setText(tr("Saving as %1…").arg(path));
    m_controller.saveAs(path);
}

void MainWindow::openSession(const QString& path, qint64 preferredRun)
{
    m_runs->flushNotes();
    m_preferredRun = preferredRun;
    m_status->setText(tr("Opening %1…").arg(path));
    m_controller.openSession(path);
}

void MainWindow::addSession(const QString& path, std::optional<qint64> preferredRun)
{
    m_runs->flushNotes();
    m_preferredOf[path] = preferredRun;
    m_status->setText(tr("Opening %1 beside the sessions open…").arg(path));
    m_controller.addSession(path);
}

void MainWindow::openSampleSession()
{
    const QString path = QDir(QStandardPaths::writableLocation(QStandardPaths::TempLocation))
                             .filePath(QStringLiteral("xylem-sample.xylem"));
    QFile::remove(path);
    if (!QFile::copy(QStringLiteral(":/sessions/sample.xylem"), path)) {
        showError(tr("Cannot copy the sample session to %1").arg(path));
        return;
    }
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    openSession(path);
}

void MainWindow::showReport(qint64 run, std::shared_ptr<const AnalysisReport> report,
                            std::shared_ptr<const std::vector<std::int64_t>> operationTimes)
{
    const RunKey key{m_controller.sessionPath(), run};
    m_window.reset(); // the whole run's analysis
    m_analysed[key] = {runLabel(key), report, std::move(operationTimes)};
    m_timeline->showAnalysisWindow(std::nullopt);
    presentReport(run, report, true);
}

// The views show a report of the shown run's session: the whole run's (whole: what else is
// shown of the run is asked for) or a window's of the run already shown.
void MainWindow::presentReport(qint64 run, std::shared_ptr<const AnalysisReport> report,
                               bool whole)
{
    const RunKey key{m_controller.sessionPath(), run};
    if (key != m_shownKey) { // what the overview knows of the run before comes again for this
        m_shownWaits.reset();
        m_shownClocks.reset();
        m_shownRecording.reset();
        m_shownPeriodic.reset();
    }
    m_report = report;
    m_tree->setReport(report);
    m_tree->fitTree();
    m_tables->setReport(report);
    m_timemap->setReport(report);
    m_shownRun = run;
    m_shownKey = key;
    m_timeline->setRun(m_spans[key].first, m_spans[key].second);
    if (whole) {
        m_controller.querySystemSamples(run);
        m_controller.queryWaitStates(run);
        m_controller.queryClocks(run);
        queryRecording(run);
        queryTreeSwitches(run);
        m_monitors->showRun(m_controller.sessionPath(), run);
    }
    feedComparison();
    updateTitle();
    QString culprit = tr("none");
    if (!report->imbalancePath.empty()) {
        culprit = QString::fromStdString(report->idOf(report->imbalancePath.back()));
    }
    m_status->setText(
        m_window ? tr("%1 — %2: %3 calls, %4 incomplete; the imbalance path ends at %5.")
                       .arg(runLabel(key), windowText())
                       .arg(report->calls)
                       .arg(report->incompleteCalls)
                       .arg(culprit)
                 : tr("Run %1: %2 calls, %3 incomplete; the imbalance path ends at %4.")
                       .arg(run)
                       .arg(report->calls)
                       .arg(report->incompleteCalls)
                       .arg(culprit));
    showFindings();
    if (std::exchange(m_sessionOpened, false)) {
        // The first run of a session opens on the overview, unless a view was chosen first.
        const View first = m_sessionShown ? View::Overview : m_chosenView.value_or(View::Overview);
        m_sessionShown = true;
        showView(first);
    }
    followRunInCallViews(run);
    emit reportShown(run);
}

void MainWindow::showWaitStates(qint64 run, std::shared_ptr<const WaitStateData> waits)
{
    if (run != m_shownRun) {
        return; // the user has moved on to another run
    }
    m_shownWaits = waits;
    showFindings();
    if (!waits) {
        m_waitStates->clear(tr("Run %1 has no MPI data: wait states need a run recorded through "
                               "the MPI interposer or imported from OTF2.")
                                .arg(run));
        return;
    }
    m_waitStates->setReport(waits->report, waits->ranks, waits->wrapperOfRank);
    m_waitStates->setClocks(waits->clocks);
}

void MainWindow::showClocks(qint64 run, std::shared_ptr<const RunClocks> clocks)
{
    if (run == m_shownRun) {
        m_clocks->setClocks(clocks->clocks, clocks->corrections, clocks->treeRun);
        m_shownClocks = clocks;
        showFindings();
    }
}

void MainWindow::showError(const QString& message)
{
    // The status bar keeps one line (a failed MPI program's message brings its launcher's whole
    // box): the first, and the whole in the dialog.
    const QString first = message.section(QLatin1Char('\n'), 0, 0);
    m_status->setText(first == message ? message : first + QStringLiteral(" …"));
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Xylem"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // not exec(): the window stays responsive
}

void MainWindow::exportTable()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Table"), m_tables->currentTable() + QStringLiteral(".csv"),
        tr("CSV (*.csv)"));
    QFile file(path);
    if (path.isEmpty()) {
        return;
    }
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(m_tables->csv().toUtf8()) < 0) {
        showError(tr("Cannot write %1: %2").arg(path, file.errorString()));
    }
}

void MainWindow::saveViewImage()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export View"), QStringLiteral("xylem.png"),
        tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
    if (path.isEmpty()) {
        return;
    }
    if (auto exported = views::exportView(*viewWidget(m_currentView), path); !exported) {
        showError(tr("Cannot export the view: %1")
                      .arg(QString::fromStdString(exported.error().describe())));
    }
}

void MainWindow::findNode()
{
    if (!m_tree->focusOn(m_find->text().trimmed())) {
        m_status->setText(tr("No gred or thread '%1' in this run.").arg(m_find->text().trimmed()));
    }
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls()) {
        event->acceptProposedAction();
    }
}

// Files dropped: the first opened in place of the sessions open, the others beside it; all of
// them beside the open ones with Ctrl held.
void MainWindow::dropEvent(QDropEvent* event)
{
    bool beside = event->modifiers().testFlag(Qt::ControlModifier);
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) {
            beside ? addSession(url.toLocalFile()) : openSession(url.toLocalFile());
            beside = true;
        }
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    m_runs->flushNotes();
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/views"), m_viewArea->saveState(kViewsLayoutVersion));
    QMainWindow::closeEvent(event);
}

} // namespace xylem::gui
