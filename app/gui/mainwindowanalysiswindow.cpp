// MainWindow's analysis window (issue 23 item 5): a range chosen on the timeline becomes the
// analysis window of every view. The shown run is analysed in it (core/store/windowedanalysis.h,
// on the shown run's stream: choosing another run drops the window), every view shows that
// report, the title and the status line say the window, the overview's findings are of it, the
// timeline keeps the band, and the comparison lists it beside the runs under a label that says
// the window. "Analyse the whole run" shows the run's own report again, without analysing it
// anew. A window's report is never kept as the run's.

#include "app/gui/mainwindow.h"
#include "core/model/durationunits.h"
#include "core/store/windowedanalysis.h"
#include "views/timelineview.h"

#include <QLabel>

#include <algorithm>

namespace xylem::gui {

namespace {

// A range in ns on the run's clock as times since the run's first down (origin), both in the unit
// of the later bound, never below 0: "214.7 ms–644.0 ms".
QString spanText(std::pair<std::int64_t, std::int64_t> ns, std::int64_t origin)
{
    const auto from = static_cast<double>(std::max<std::int64_t>(ns.first - origin, 0));
    const auto to = static_cast<double>(std::max<std::int64_t>(ns.second - origin, 0));
    const DurationUnit unit = durationUnitFor(to);
    return QStringLiteral("%1–%2").arg(QString::fromStdString(formatDuration(from, unit)),
                                       QString::fromStdString(formatDuration(to, unit)));
}

} // namespace

void MainWindow::connectAnalysisWindow()
{
    connect(m_timeline, &views::TimelineView::analysisWindowChosen, this,
            &MainWindow::chooseAnalysisWindow);
    connect(&m_controller, &SessionController::windowReportAvailable, this,
            &MainWindow::showWindowReport);
    connect(&m_controller, &SessionController::windowFailed, this,
            [this](qint64, const QString& message) {
                m_windowAsked.reset();
                showError(message);
                m_timeline->showAnalysisWindow(m_window ? std::optional(m_window->ns)
                                                        : std::nullopt);
            });
}

void MainWindow::chooseAnalysisWindow(std::optional<std::pair<std::int64_t, std::int64_t>> ns)
{
    const auto whole = m_analysed.find(m_shownKey);
    if (m_shownKey.isNull() || whole == m_analysed.end()) {
        m_timeline->showAnalysisWindow(std::nullopt); // a recording, or nothing, is shown
        return;
    }
    if (!ns) { // the whole run again: its report is at hand
        m_windowAsked.reset();
        if (m_window) {
            m_window.reset();
            m_timeline->showAnalysisWindow(std::nullopt);
            presentReport(m_shownRun, whole->second.report, false);
        }
        return;
    }
    m_windowAsked = ns;
    const CallWindow window = store::windowOfSpan(ns->first, ns->second, m_spans[m_shownKey].first);
    m_status->setText(tr("Analysing %1 from %2…")
                          .arg(whole->second.label, spanText(*ns, m_spans[m_shownKey].first)));
    m_controller.analyzeWindow(m_shownRun, window);
}

void MainWindow::showWindowReport(qint64 run, std::shared_ptr<const AnalysisReport> report,
                                  std::shared_ptr<const std::vector<std::int64_t>> operationTimes,
                                  qint64 firstSeq, qint64 lastSeq)
{
    if (run != m_shownRun || !m_windowAsked) {
        return; // the whole run was asked for since
    }
    m_window = ShownWindow{*m_windowAsked, firstSeq, lastSeq, report, std::move(operationTimes)};
    m_windowAsked.reset();
    m_timeline->showAnalysisWindow(m_window->ns);
    presentReport(run, std::move(report), false);
}

// The window's complete calls by seq and its range since the run's first down, both bounds in
// the unit of the later one.
QString MainWindow::windowText() const
{
    if (!m_window) {
        return {};
    }
    const auto span = m_spans.find(m_shownKey);
    const std::int64_t origin = span != m_spans.end() ? span->second.first : 0;
    return tr("calls #%1–#%2, %3")
        .arg(m_window->firstSeq)
        .arg(m_window->lastSeq)
        .arg(spanText(m_window->ns, origin));
}

} // namespace xylem::gui
