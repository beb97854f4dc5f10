#include "app/gui/mainwindow.h"

#include "app/gui/demodialog.h"
#include "views/comparisonview.h"
#include "views/serializationview.h"
#include "views/tablepage.h"
#include "views/timelineview.h"
#include "views/timemapview.h"
#include "views/viewexport.h"
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
#include <QTabWidget>
#include <QVBoxLayout>

namespace xylem::gui {

namespace {
constexpr int kRunRole = Qt::UserRole;
constexpr int kNameRole = Qt::UserRole + 1;
constexpr int kMaxRecent = 8;
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_tabs(new QTabWidget(this))
    , m_tree(new views::WeightedTreeView(this))
    , m_tables(new views::TablePage(this))
    , m_timemap(new views::TimemapView(this))
    , m_serialization(new views::SerializationView(this))
    , m_comparison(new views::ComparisonView(this))
    , m_timeline(new views::TimelineView(this))
    , m_runs(new QListWidget(this))
    , m_find(new QLineEdit(this))
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
{
    setWindowTitle(tr("Xylem"));
    setAcceptDrops(true);
    auto* treePage = new QWidget(this);
    auto* treeLayout = new QVBoxLayout(treePage);
    treeLayout->setContentsMargins(0, 0, 0, 0);
    m_find->setPlaceholderText(tr("Find a gred or thread by id…"));
    m_find->setClearButtonEnabled(true);
    treeLayout->addWidget(m_find);
    treeLayout->addWidget(m_tree, 1);
    m_tabs->addTab(treePage, tr("Weighted tree"));
    m_tabs->addTab(m_timemap, tr("Timemap"));
    m_tabs->addTab(m_serialization, tr("Serialization"));
    m_tabs->addTab(m_comparison, tr("Comparison"));
    m_tabs->addTab(m_timeline, tr("Timeline"));
    m_tabs->addTab(m_tables, tr("Tables"));
    setCentralWidget(m_tabs);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(120);
    m_progress->hide();
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    buildMenus();
    buildDocks();
    connect(m_find, &QLineEdit::returnPressed, this, &MainWindow::findNode);
    connect(&m_live, &LiveController::status, m_status, &QLabel::setText);
    connect(&m_live, &LiveController::tick, this, &MainWindow::refreshLive);
    connect(&m_live, &LiveController::finished, this,
            [this](const QString& session, bool ok, const QString& message) {
                if (!ok) {
                    showError(message);
                    return;
                }
                openSession(session, -1); // the finished run, complete
            });
    // Selecting a thread highlights it in every view.
    connect(m_tree, &views::WeightedTreeView::threadSelected, m_timemap,
            &views::TimemapView::highlightThread);
    connect(&m_controller, &SessionController::sessionOpened, this, &MainWindow::showRuns);
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
                   const store::TimelineSlice& slowest) {
                if (run == m_shownRun) {
                    m_timeline->setSlices(operation, slowest);
                }
            });
    connect(&m_controller, &SessionController::busy, m_progress, &QWidget::setVisible);
    connect(m_runs, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item) {
            m_status->setText(tr("Analysing run %1…").arg(item->data(kRunRole).toLongLong()));
            m_controller.analyzeRun(item->data(kRunRole).toLongLong());
        }
    });
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    m_status->setText(tr("Open a session (File ▸ Open) or drop a .xylem file here."));
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open Session…"), QKeySequence::Open, this, &MainWindow::chooseSession);
    m_recent = file->addMenu(tr("Open &Recent"));
    fillRecentMenu();
    file->addSeparator();
    file->addAction(tr("&Export Table as CSV…"), this, &MainWindow::exportTable);
    file->addAction(tr("Export &View as PNG, SVG or PDF…"), this, &MainWindow::saveViewImage);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("&Find Node"), QKeySequence::Find, this, [this] { m_find->setFocus(); });
    view->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, this,
                    [this] { m_tree->scale(1.25, 1.25); });
    view->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, this,
                    [this] { m_tree->scale(0.8, 0.8); });
    view->addAction(tr("&Fit Tree"), this, [this] { m_tree->fitTree(); });
    QMenu* live = menuBar()->addMenu(tr("&Live"));
    QAction* start = live->addAction(tr("Start Local &Demo…"), this, [this] {
        DemoDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            startLiveDemo(dialog.settings());
        }
    });
    QAction* stop =
        live->addAction(tr("&Stop and Keep the Session"), this, [this] { m_live.stop(); });
    stop->setEnabled(false);
    connect(&m_live, &LiveController::tick, this, [start, stop] {
        start->setEnabled(false);
        stop->setEnabled(true);
    });
    connect(&m_live, &LiveController::finished, this, [start, stop] {
        start->setEnabled(true);
        stop->setEnabled(false);
    });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("Open &Sample Session"), this, &MainWindow::openSampleSession);
    help->addAction(tr("&About Xylem"), this, [this] {
        QMessageBox::about(this, tr("About Xylem"),
                           tr("<b>Xylem %1</b><p>Performance analysis of collective communication: "
                              "which thread, which hop, which tree shape.</p>")
                               .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::buildDocks()
{
    auto* dock = new QDockWidget(tr("Runs"), this);
    dock->setObjectName(QStringLiteral("runs"));
    dock->setWidget(m_runs);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
}

void MainWindow::chooseSession()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Session"), QString(), tr("Xylem sessions (*.xylem);;All files (*)"));
    if (!path.isEmpty()) {
        openSession(path);
    }
}

void MainWindow::openSession(const QString& path, qint64 preferredRun)
{
    m_preferredRun = preferredRun;
    m_status->setText(tr("Opening %1…").arg(path));
    m_controller.openSession(path);
}

void MainWindow::startLiveDemo(const DemoSettings& settings)
{
    m_shownRun = 0;
    m_status->setText(tr("Starting a local demo of %1 × %2 threads into %3…")
                          .arg(settings.hosts)
                          .arg(settings.threadsPerHost)
                          .arg(settings.session));
    m_live.start(settings);
}

// Once a second while recording: open the session when its run exists, then re-analyse the
// growing run (a newer request replaces one still running).
void MainWindow::refreshLive(const QString& session)
{
    if (m_controller.sessionPath() != session || m_runs->count() == 0) {
        if (QFileInfo::exists(session)) {
            m_controller.openSession(session);
            m_preferredRun = -1;
        }
        return;
    }
    if (const QListWidgetItem* item = m_runs->currentItem()) {
        m_controller.analyzeRun(item->data(kRunRole).toLongLong());
    }
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

void MainWindow::showRuns(const QString& path, const QVector<RunEntry>& runs)
{
    setWindowTitle(tr("%1 — Xylem").arg(QFileInfo(path).fileName()));
    m_analysed.clear(); // runs of another session
    rememberRecent(path);
    m_runs->clear();
    QListWidgetItem* preferred = nullptr;
    for (const RunEntry& r : runs) {
        auto* item = new QListWidgetItem(tr("%1  %2\n%3 calls, %4 tuples (%5)")
                                             .arg(r.id)
                                             .arg(r.name.isEmpty() ? tr("(unnamed)") : r.name)
                                             .arg(r.calls)
                                             .arg(r.tuples)
                                             .arg(r.status),
                                         m_runs);
        item->setData(kRunRole, r.id);
        item->setData(kNameRole, r.name);
        m_spans[r.id] = {r.firstNs, r.lastNs};
        item->setToolTip(r.source);
        if (!preferred || r.id == m_preferredRun || m_preferredRun < 0) { // < 0: the newest
            preferred = item;
        }
    }
    m_status->setText(
        runs.isEmpty() ? tr("%1 holds no run.").arg(path)
                       : tr("%n run(s) in %1", nullptr, static_cast<int>(runs.size())).arg(path));
    if (preferred) {
        m_runs->setCurrentItem(preferred);
    }
}

void MainWindow::showReport(qint64 run, std::shared_ptr<const AnalysisReport> report)
{
    m_report = report;
    m_tree->setReport(report);
    m_tree->fitTree();
    m_tables->setReport(report);
    m_timemap->setReport(report);
    m_shownRun = run;
    m_timeline->setRun(m_spans[run].first, m_spans[run].second);
    const QListWidgetItem* item = m_runs->currentItem();
    const QString name = item ? item->data(kNameRole).toString() : QString();
    item ? item->text().section(QLatin1Char('\n'), 0, 0).section(QLatin1String("  "), 1)
         : QString();
    m_analysed[run] = {tr("run %1: %2").arg(run).arg(name), report};
    std::vector<views::LabelledReport> overlaid;
    for (const auto& [id, labelled] : m_analysed) {
        overlaid.push_back({labelled.first, labelled.second});
    }
    m_serialization->setReports(overlaid);
    m_comparison->setReports(std::move(overlaid));
    QString culprit = tr("none");
    if (!report->imbalancePath.empty()) {
        culprit = QString::fromStdString(report->idOf(report->imbalancePath.back()));
    }
    m_status->setText(tr("Run %1: %2 calls, %3 incomplete; the imbalance path ends at %4.")
                          .arg(run)
                          .arg(report->calls)
                          .arg(report->incompleteCalls)
                          .arg(culprit));
    emit reportShown(run);
}

void MainWindow::showError(const QString& message)
{
    m_status->setText(message);
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Xylem"), message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open(); // not exec(): the window stays responsive
}

void MainWindow::rememberRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentSessions")).toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    settings.setValue(QStringLiteral("recentSessions"), recent.mid(0, kMaxRecent));
    fillRecentMenu();
}

void MainWindow::fillRecentMenu()
{
    m_recent->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentSessions")).toStringList();
    for (const QString& path : recent) {
        m_recent->addAction(path, this, [this, path] { openSession(path); });
    }
    m_recent->setEnabled(!recent.isEmpty());
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
    if (auto exported = views::exportView(*m_tabs->currentWidget(), path); !exported) {
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

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        openSession(urls.first().toLocalFile());
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    QMainWindow::closeEvent(event);
}

} // namespace xylem::gui
