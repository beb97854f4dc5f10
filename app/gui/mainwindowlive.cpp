// MainWindow's live mode: starting each kind of recording the Live menu offers, and showing the
// live analysis of the one under way. Status, live reports, the monitors' accounting and the end
// come through LiveController, the same for every kind.

#include "app/gui/mainwindow.h"
#include "app/gui/runpanel.h"
#include "views/monitors/monitorsview.h"
#include "views/overviewpage.h"
#include "views/tablepage.h"
#include "views/timelineview.h"
#include "views/timemapview.h"
#include "views/treeclockview.h"
#include "views/waitstateview.h"
#include "views/weightedtreeview.h"

#include <QLabel>
#include <QListWidget>

namespace xylem::gui {

void MainWindow::connectLive()
{
    connect(&m_live, &LiveController::status, m_status, &QLabel::setText);
    connect(&m_live, &LiveController::liveReport, this, &MainWindow::showLiveReport);
    connect(&m_live, &LiveController::timeline, this,
            [this](const QString&, std::shared_ptr<const store::LiveTimeline> timeline) {
                if (m_shownRun == kLiveRun) {
                    m_timeline->showLive(*timeline);
                }
            });
    connect(&m_live, &LiveController::monitors, this,
            [this](const QString&, std::shared_ptr<const views::LiveMonitors> live) {
                m_monitors->showLive(*live);
            });
    connect(&m_live, &LiveController::finished, this,
            [this](const QString& session, bool ok, const QString& message) {
                if (!ok) {
                    showError(message);
                    return;
                }
                openSession(session, -1); // the finished run, complete
            });
}

// The live report has no system samples, clocks or wait states: those views are filled from
// the stored run when the recording ends. Until then they say so rather than show the run that
// was open before. The timeline follows a recording in this process (LiveController::timeline),
// its system samples once stored; an MPI program's recording reports no live analysis, its runs
// are shown once stored.
void MainWindow::beginLive(const QString& status)
{
    m_shownRun = kLiveRun;
    m_shownKey = {};
    m_window.reset();
    m_windowAsked.reset();
    m_liveFitted = false;
    m_shownWaits.reset();
    m_shownClocks.reset();
    m_shownRecording.reset();
    m_shownPeriodic.reset();
    m_status->setText(status);
    const QString later = tr("Recording: shown from the stored run once the recording ends.");
    m_timeline->clear(
        tr("Recording: the system samples are shown from the stored run once the recording ends."));
    m_waitStates->clear(later);
    m_clocks->clear(later);
    forgetCalls(later);
    m_overview->clear(tr("Recording: the findings are shown as soon as the first calls are "
                         "analysed."));
    m_monitors->clear(tr("Recording: the accounting is shown as soon as the collectors' streams "
                         "are open."));
}

void MainWindow::startLiveDemo(const DemoSettings& settings)
{
    beginLive(tr("Starting a local demo of %1 × %2 threads into %3…")
                  .arg(settings.hosts)
                  .arg(settings.threadsPerHost)
                  .arg(settings.session));
    if (!m_live.start(settings)) {
        showError(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

void MainWindow::startMonitoring(const AttachSettings& settings)
{
    beginLive(tr("Waiting for collectors to attach through %1…").arg(settings.addressFile));
    if (!m_live.attach(settings)) {
        showError(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

void MainWindow::startMpiRecording(const MpiRecordSettings& settings)
{
    beginLive(
        tr("Recording %1 into %2…").arg(settings.command.join(QLatin1Char(' ')), settings.session));
    m_monitors->clear(tr("Recording an MPI program: its runs are shown once they are stored."));
    if (!m_live.recordMpi(settings)) {
        showError(settings.command.isEmpty()
                      ? tr("Give the MPI program's command line, e.g. mpirun -np 4 PROGRAM.")
                      : tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

void MainWindow::startClusterRecording(const ClusterRecordSettings& settings)
{
    beginLive(tr("Recording on the hosts of %1 into %2…").arg(settings.hostFile, settings.session));
    if (!m_live.recordCluster(settings)) {
        showError(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

// A recording under way in this process: the streaming engine's report as it comes, in the
// weighted tree, the tables, the timemap and the overview (the tree fitted once, so that the
// user's zoom stays). The timeline, system samples, wait states and clocks are read from the
// session once the run is stored (LiveController::finished opens it).
void MainWindow::showLiveReport(const QString& session,
                                std::shared_ptr<const AnalysisReport> report)
{
    Q_UNUSED(session);
    m_report = report;
    m_shownRun = kLiveRun;
    m_shownKey = {};
    m_tree->setReport(report);
    if (!m_liveFitted) {
        m_tree->fitTree();
        m_liveFitted = true;
    }
    m_tables->setReport(report);
    m_timemap->setReport(report);
    showFindings();
    emit reportShown(kLiveRun);
}

} // namespace xylem::gui
