#include "views/callganttplot.h"

// The one-call Gantt's tooltips: what hovering a stage, an edge or a shared row tells.

#include "views/calltext.h"

#include <QHelpEvent>
#include <QToolTip>

#include <algorithm>

namespace xylem::views {

namespace {

QString idOf(const CallDetail& d, int w)
{
    return QString::fromStdString(d.configuration->wrapper(w).id);
}

} // namespace

QString CallGanttPlot::describeAt(QPoint at) const
{
    const auto index = static_cast<size_t>(at.y() / std::max(1, rowRect(0).height()));
    if (!m_detail || at.y() < 0 || index >= m_rows.size()) {
        return {};
    }
    const CallGanttRow& row = m_rows[index];
    const std::int64_t start = m_detail->times.startNs;
    const auto since = [&](std::int64_t ns) {
        return formatNanoseconds(double(ns - start));
    };
    if (row.kind == CallRowKind::Thread) {
        for (const CallStageSpan& s : m_detail->threads[size_t(row.thread)].stages) {
            if (at.x() >= xOf(s.startNs) && at.x() <= xOf(s.endNs)) {
                return tr("%1: %2 at %3, %4 (from %5 to %6)%7")
                    .arg(idOf(*m_detail, row.wrapper), callStageName(s.stage),
                         idOf(*m_detail, s.wrapper), formatNanoseconds(double(s.endNs - s.startNs)),
                         since(s.startNs), since(s.endNs),
                         s.estimate == StageEstimate::HalfTwoWay
                             ? tr("; half the hop's two-way latency: no clock model")
                             : QString());
            }
        }
    }
    if (at.x() < xOf(row.downNs) - 5 || at.x() > xOf(row.upNs) + 5) {
        return {};
    }
    QString text = row.kind == CallRowKind::Root
                       ? tr("%1: the call takes %2")
                             .arg(rowLabel(row), formatNanoseconds(double(row.upNs - row.downNs)))
                       : tr("%1: down at %2, up at %3, %4")
                             .arg(rowLabel(row), since(row.downNs), since(row.upNs),
                                  formatNanoseconds(double(row.upNs - row.downNs)));
    if (row.lastArrival) {
        text += row.kind == CallRowKind::Folded
                    ? tr("; holds the last arrival at %1").arg(idOf(*m_detail, row.wrapper))
                    : tr("; arrived last at its gred");
    }
    return text;
}

bool CallGanttPlot::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = describeAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace xylem::views
