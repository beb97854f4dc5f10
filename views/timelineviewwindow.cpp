// TimelineView's analysis window (issue 23 item 5): the range the user chooses with a Shift-drag
// or the actions, and the band that shows the one analysed (views/timelinerangeband.h).

#include "views/timelinerangeband.h"
#include "views/timelineview.h"

#include <QAction>
#include <qcustomplot.h>

#include <cmath>

namespace xylem::views {

void TimelineView::buildAnalysisActions()
{
    m_analyseRange = new QAction(tr("Analyse this range"), this);
    m_analyseRange->setToolTip(
        tr("Analyse the calls that start in the span in view; every view shows that window "
           "(Shift-drag on the timeline chooses a range too)"));
    m_analyseWhole = new QAction(tr("Analyse the whole run"), this);
    addAction(m_analyseRange);
    addAction(m_analyseWhole);
    connect(m_analyseRange, &QAction::triggered, this, [this] {
        const QCPRange r = m_plot->xAxis->range();
        chooseRange(r.lower, r.upper);
    });
    connect(m_analyseWhole, &QAction::triggered, this, [this] {
        showAnalysisWindow(std::nullopt);
        emit analysisWindowChosen(std::nullopt);
    });
    enableAnalysis(false);
}

QList<QAction*> TimelineView::analysisActions() const
{
    return {m_analyseRange, m_analyseWhole};
}

void TimelineView::enableAnalysis(bool stored)
{
    m_stored = stored;
    m_analyseRange->setEnabled(stored);
    m_analyseWhole->setEnabled(stored && m_analysisWindow.has_value());
}

// A range in the plot's seconds, kept inside the run's span: the band and the signal.
void TimelineView::chooseRange(double fromS, double toS)
{
    if (!m_stored) {
        showAnalysisWindow(m_analysisWindow); // the band drawn by the drag goes again
        return;
    }
    const std::int64_t from =
        std::max<std::int64_t>(m_origin, m_origin + std::llround(fromS * 1e9));
    const std::int64_t to =
        std::min<std::int64_t>(m_runEnd + 1, m_origin + std::llround(toS * 1e9));
    if (from >= to) {
        showAnalysisWindow(m_analysisWindow);
        return;
    }
    showAnalysisWindow(std::pair<qint64, qint64>(from, to));
    emit analysisWindowChosen(std::pair(from, to));
}

void TimelineView::showAnalysisWindow(std::optional<std::pair<qint64, qint64>> ns)
{
    m_analysisWindow = ns;
    m_analyseWhole->setEnabled(m_stored && ns.has_value());
    if (!ns) {
        m_band->show(std::nullopt);
        return;
    }
    m_band->show(std::pair(static_cast<double>(ns->first - m_origin) / 1e9,
                           static_cast<double>(ns->second - m_origin) / 1e9));
}

QString TimelineView::analysisWindowText() const
{
    return m_band->text();
}

} // namespace xylem::views
