#include "app/gui/timelinecalllink.h"

#include "views/timelineview.h"

#include <QMenu>
#include <qcustomplot.h>

#include <cmath>

namespace xylem::gui {

TimelineCallLink::TimelineCallLink(views::TimelineView* timeline, QObject* parent)
    : QObject(parent)
    , m_timeline(timeline)
{
    QCustomPlot* plot = timeline->plot();
    connect(plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent* event) {
        if (event->button() == Qt::LeftButton) {
            emit callWanted(timeAt(qRound(event->position().x())));
        }
    });
    plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(plot, &QWidget::customContextMenuRequested, this, &TimelineCallLink::showMenu);
}

// The plot's x axis is seconds from an origin the view keeps; window() gives its range in ns,
// so a position maps through the axis's range without knowing the origin.
std::int64_t TimelineCallLink::timeAt(int x) const
{
    const QCPAxis* axis = m_timeline->plot()->xAxis;
    const auto [fromNs, toNs] = m_timeline->window();
    const QCPRange range = axis->range();
    if (range.size() <= 0) {
        return fromNs;
    }
    const double share = (axis->pixelToCoord(x) - range.lower) / range.size();
    return fromNs + std::llround(share * static_cast<double>(toNs - fromNs));
}

QWidget* TimelineCallLink::surface() const
{
    return m_timeline->plot();
}

void TimelineCallLink::showMenu(const QPoint& pos)
{
    QMenu menu(m_timeline);
    QAction* open = menu.addAction(tr("Open the slowest call here"));
    menu.addSeparator();
    menu.addActions(m_timeline->analysisActions()); // Analyse this range / the whole run
    if (menu.exec(m_timeline->plot()->mapToGlobal(pos)) == open) {
        emit callWanted(timeAt(pos.x()));
    }
}

} // namespace xylem::gui
