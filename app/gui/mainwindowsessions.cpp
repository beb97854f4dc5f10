// MainWindow's sessions: several open at once (issue 23 item 6). One opened in place of all,
// one added beside them, one closed; renames, notes and Save As go to the run's own file; each
// run named by its session and id (RunKey), labelled with the session's name when several are
// open; and what the views that compare runs are handed: every run analysed so far of every
// open session.

#include "app/gui/mainwindow.h"
#include "app/gui/mpikinddata.h"
#include "app/gui/recentsessionsmenu.h"
#include "app/gui/runpanel.h"
#include "views/comparisonview.h"
#include "views/serializationview.h"

#include <QFileInfo>
#include <QLabel>

namespace xylem::gui {

void MainWindow::connectSessions()
{
    connect(&m_controller, &SessionController::sessionOpened, this, &MainWindow::showRuns);
    connect(&m_controller, &SessionController::sessionAdded, this, &MainWindow::showAddedSession);
    connect(&m_controller, &SessionController::sessionClosed, this, &MainWindow::forgetSession);
    connect(m_runs, &RunPanel::closeSessionRequested, this, &MainWindow::closeSession);
    connect(m_runs, &RunPanel::runChosen, this, [this](const RunKey& key) {
        m_status->setText(tr("Analysing run %1…").arg(key.run));
        m_controller.analyzeRun(key);
    });
    connect(m_runs, &RunPanel::renameRequested, &m_controller, &SessionController::renameRun);
    connect(m_runs, &RunPanel::notesEdited, &m_controller, &SessionController::setRunNotes);
    connect(&m_controller, &SessionController::runRenamed, this,
            [this](const RunKey& key, const QString& name) {
                m_runs->applyName(key, name);
                if (auto analysed = m_analysed.find(key); analysed != m_analysed.end()) {
                    analysed->second.label = runLabel(key);
                    feedComparison();
                    showFindings(); // the overview's title names the run
                }
            });
    connect(&m_controller, &SessionController::runNotesKept, m_runs, &RunPanel::applyNotes);
    connect(&m_controller, &SessionController::savedAs, this,
            [this](const QString& from, const QString& path) {
                m_status->setText(tr("Saved as %1.").arg(path));
                if (m_controller.sessions().size() < 2) {
                    openSession(path, m_runs->currentRun());
                    return;
                }
                // The copy takes the place of the session it was saved from; the others stay.
                const qint64 run = m_runs->currentKey().session == from ? m_runs->currentRun() : 0;
                closeSession(from);
                addSession(path, run);
            });
    connect(&m_controller, &SessionController::comparisonReportAvailable, this,
            [this](const RunKey& key, std::shared_ptr<const AnalysisReport> report,
                   std::shared_ptr<const std::vector<std::int64_t>> operationTimes) {
                m_analysed[key] = {runLabel(key), std::move(report), std::move(operationTimes)};
                feedComparison();
            });
    connect(&m_controller, &SessionController::comparisonFailed, this,
            [this](const RunKey&, const QString& message) { showError(message); });
    connect(m_comparison, &views::ComparisonView::analysisWanted, this, [this](const QString& text) {
        const RunKey key = runKeyFromText(text);
        if (!key.isNull() && m_controller.sessions().contains(key.session)) {
            m_controller.analyzeForComparison(key);
        }
    });
}

void MainWindow::closeSession(const QString& path)
{
    m_runs->flushNotes();
    m_controller.closeSession(path);
}

void MainWindow::showRuns(const QString& path, const QVector<RunEntry>& runs)
{
    setWindowTitle(tr("%1 — Xylem").arg(QFileInfo(path).fileName()));
    m_analysed.clear(); // runs of the sessions closed
    m_spans.clear();
    m_shownKey = {};
    m_window.reset();
    m_windowAsked.reset();
    forgetCalls();
    m_recent->remember(path);
    m_sessionOpened = true; // its first run shown opens on the overview
    for (const RunEntry& r : runs) {
        m_spans[{path, r.id}] = {r.firstNs, r.lastNs};
    }
    m_status->setText(
        runs.isEmpty() ? tr("%1 holds no run.").arg(path)
                       : tr("%n run(s) in %1", nullptr, static_cast<int>(runs.size())).arg(path));
    // Chooses one, which is then analysed; a recording's runs per MPI kind open on the first.
    m_runs->setRuns(runs, m_preferredRun < 0 ? newestRecordingStart(runs) : m_preferredRun,
                    path);
    feedComparison();
    if (runs.isEmpty()) {
        emit noRunToShow(path);
    }
}

void MainWindow::showAddedSession(const QString& path, const QVector<RunEntry>& runs)
{
    m_recent->remember(path);
    for (const RunEntry& r : runs) {
        m_spans[{path, r.id}] = {r.firstNs, r.lastNs};
    }
    for (auto& [key, labelled] : m_analysed) { // their session is named now
        labelled.label = runLabel(key);
    }
    m_status->setText(runs.isEmpty() ? tr("%1 holds no run.").arg(path)
                                     : tr("%n run(s) in %1, beside the sessions open", nullptr,
                                          static_cast<int>(runs.size()))
                                           .arg(path));
    const std::optional<qint64> preferred = m_preferredOf[path];
    m_preferredOf.erase(path);
    m_runs->addSession(path, runs,
                       !preferred      ? std::optional<qint64>()
                       : *preferred < 0 ? newestRecordingStart(runs)
                                        : *preferred);
    feedComparison();
    updateTitle();
}

void MainWindow::forgetSession(const QString& path)
{
    std::erase_if(m_analysed, [&path](const auto& entry) { return entry.first.session == path; });
    std::erase_if(m_spans, [&path](const auto& entry) { return entry.first.session == path; });
    for (auto& [key, labelled] : m_analysed) { // one session left: no name needed
        labelled.label = runLabel(key);
    }
    const bool shown = m_shownKey.session == path;
    if (shown) {
        m_shownKey = {};
        m_window.reset();
        m_windowAsked.reset();
        forgetCalls();
    }
    m_status->setText(tr("Closed %1.").arg(path));
    m_runs->removeSession(path); // chooses a run of another session when the shown one went
    feedComparison();
    updateTitle();
}

QString MainWindow::runLabel(const RunKey& key) const
{
    const QString run = tr("run %1: %2").arg(key.run).arg(m_runs->nameOf(key));
    return m_controller.sessions().size() < 2
               ? run
               : tr("%1 · %2").arg(QFileInfo(key.session).fileName(), run);
}

// Every run of every open session is a candidate (a null report: not analysed yet, which the
// comparison asks for through analysisWanted); the analysis window shown, if any, besides them
// under a label that says the window.
void MainWindow::feedComparison()
{
    std::vector<views::LabelledReport> runs;
    for (const RunKey& key : m_runs->runKeys()) {
        const auto analysed = m_analysed.find(key);
        runs.push_back(analysed != m_analysed.end() ? analysed->second
                                                    : views::LabelledReport{runLabel(key)});
        runs.back().key = runKeyText(key);
    }
    if (m_window) {
        runs.push_back({tr("%1 — %2").arg(runLabel(m_shownKey), windowText()), m_window->report,
                        m_window->operationTimes,
                        runKeyText(m_shownKey) + QStringLiteral("#window")});
    }
    m_serialization->setReports(runs);
    m_comparison->setReports(std::move(runs));
}

// "b.xylem — Xylem": the shown run's session; with an analysis window, the run and the window
// first ("run 2: two levels — calls #120–#880, 1.200 s–8.800 s — b.xylem — Xylem").
void MainWindow::updateTitle()
{
    const QString session =
        !m_shownKey.isNull() ? m_shownKey.session : m_controller.sessionPath();
    const QString file = QFileInfo(session).fileName();
    setWindowTitle(session.isEmpty() ? tr("Xylem")
                   : m_window        ? tr("%1 — %2 — %3 — Xylem")
                                    .arg(runLabel(m_shownKey), windowText(), file)
                                     : tr("%1 — Xylem").arg(file));
}

} // namespace xylem::gui
