// MainWindow's live mode: starting each kind of recording the Live menu offers, and showing the
// live analysis of the one under way. Status, live reports and the end come through
// LiveController, the same for every kind.

#include "app/gui/mainwindow.h"
#include "views/tablepage.h"
#include "views/timemapview.h"
#include "views/weightedtreeview.h"

#include <QLabel>

namespace xylem::gui {

void MainWindow::startLiveDemo(const DemoSettings& settings)
{
    m_shownRun = 0;
    m_liveFitted = false;
    m_status->setText(tr("Starting a local demo of %1 × %2 threads into %3…")
                          .arg(settings.hosts)
                          .arg(settings.threadsPerHost)
                          .arg(settings.session));
    if (!m_live.start(settings)) {
        showError(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

void MainWindow::startMonitoring(const AttachSettings& settings)
{
    m_shownRun = 0;
    m_liveFitted = false;
    m_status->setText(tr("Waiting for collectors to attach through %1…").arg(settings.addressFile));
    if (!m_live.attach(settings)) {
        showError(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

void MainWindow::startMpiRecording(const MpiRecordSettings& settings)
{
    m_shownRun = 0;
    m_liveFitted = false;
    m_status->setText(
        tr("Recording %1 into %2…").arg(settings.command.join(QLatin1Char(' ')), settings.session));
    if (!m_live.recordMpi(settings)) {
        showError(settings.command.isEmpty()
                      ? tr("Give the MPI program's command line, e.g. mpirun -np 4 PROGRAM.")
                      : tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

void MainWindow::startClusterRecording(const ClusterRecordSettings& settings)
{
    m_shownRun = 0;
    m_liveFitted = false;
    m_status->setText(
        tr("Recording on the hosts of %1 into %2…").arg(settings.hostFile, settings.session));
    if (!m_live.recordCluster(settings)) {
        showError(tr("A recording is under way already: stop it first (Live ▸ Stop)."));
    }
}

// A recording under way in this process: the streaming engine's report as it comes, in the
// weighted tree, the tables and the timemap (the tree fitted once, so that the user's zoom
// stays). The timeline, system samples, wait states and clocks are read from the session once
// the run is stored (LiveController::finished opens it).
void MainWindow::showLiveReport(const QString& session,
                                std::shared_ptr<const AnalysisReport> report)
{
    Q_UNUSED(session);
    m_report = report;
    m_shownRun = kLiveRun;
    m_tree->setReport(report);
    if (!m_liveFitted) {
        m_tree->fitTree();
        m_liveFitted = true;
    }
    m_tables->setReport(report);
    m_timemap->setReport(report);
    emit reportShown(kLiveRun);
}

} // namespace xylem::gui
