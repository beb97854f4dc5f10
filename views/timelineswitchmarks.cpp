#include "views/timelineswitchmarks.h"

#include "views/palette.h"

#include <QHelpEvent>
#include <QToolTip>
#include <qcustomplot.h>

#include <cmath>

namespace xylem::views {

namespace {

constexpr double kHitPixels = 4; // how near a mark the pointer must be for its tooltip

} // namespace

TimelineSwitchMarks::TimelineSwitchMarks(QCustomPlot* plot)
    : QObject(plot)
    , m_plot(plot)
{
    m_plot->installEventFilter(this);
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& range) { showLabelsIn(range); });
}

// A label whose line is left of the view would still show its tail at the plot's left edge
// ("ial" of "→ binomial"): only the labels of marks in view are drawn.
void TimelineSwitchMarks::showLabelsIn(const QCPRange& range)
{
    for (size_t i = 0; i < m_labels.size() && i < m_marks.size(); ++i) {
        m_labels[i]->setVisible(range.contains(m_marks[i].seconds));
    }
}

QColor TimelineSwitchMarks::trialColour()
{
    return okabeIto()[7]; // reddish purple: neither the calls' blue and orange nor the hosts'
}

QColor TimelineSwitchMarks::settleColour()
{
    return okabeIto()[3]; // bluish green: where the run goes on through the tuner's choice
}

void TimelineSwitchMarks::drop()
{
    for (QCPItemStraightLine* line : m_lines) {
        m_plot->removeItem(line);
    }
    for (QCPItemText* label : m_labels) {
        m_plot->removeItem(label);
    }
    m_lines.clear();
    m_labels.clear();
}

void TimelineSwitchMarks::show(std::vector<TreeSwitchMark> marks)
{
    drop();
    m_marks = std::move(marks);
    for (const TreeSwitchMark& m : m_marks) {
        const QColor colour = m.settle ? settleColour() : trialColour();
        auto* line = new QCPItemStraightLine(m_plot);
        line->setClipAxisRect(m_plot->axisRect());
        line->setPen(QPen(colour, m.settle ? 2 : 1));
        line->setSelectable(false);
        line->setAntialiased(false); // one crisp pixel column at the call's start
        for (QCPItemPosition* p : {line->point1, line->point2}) {
            p->setTypeX(QCPItemPosition::ptPlotCoords);
            p->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        line->point1->setCoords(m.seconds, 0);
        line->point2->setCoords(m.seconds, 1);
        auto* label = new QCPItemText(m_plot);
        label->setClipAxisRect(m_plot->axisRect());
        label->setSelectable(false);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        // At the bottom, clear of the legend (top right) and mostly of the calls' means; trial
        // labels alternate in height so that neighbouring blocks' names do not overlap.
        const double y = m.settle ? 0.98 : 0.91 - 0.04 * static_cast<double>(m_labels.size() % 2);
        label->position->setCoords(m.seconds, y);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        label->setPadding(QMargins(3, 0, 0, 0));
        label->setColor(colour);
        QFont font = label->font();
        font.setBold(m.settle);
        label->setFont(font);
        label->setText(m.settle ? tr("→ %1 (settled)").arg(m.tree) : tr("→ %1").arg(m.tree));
        m_lines.push_back(line);
        m_labels.push_back(label);
    }
    showLabelsIn(m_plot->xAxis->range());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString TimelineSwitchMarks::toolTipAt(double x) const
{
    const TreeSwitchMark* nearest = nullptr;
    double best = kHitPixels;
    for (const TreeSwitchMark& m : m_marks) {
        const double distance = std::abs(m_plot->xAxis->coordToPixel(m.seconds) - x);
        if (distance <= best) {
            best = distance;
            nearest = &m;
        }
    }
    if (!nearest) {
        return {};
    }
    return nearest->settle
               ? tr("call %1: switched to %2 (settled)").arg(nearest->call).arg(nearest->tree)
               : tr("call %1: switched to %2 (trial block)").arg(nearest->call).arg(nearest->tree);
}

bool TimelineSwitchMarks::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::ToolTip && !m_marks.empty()) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString text = m_plot->axisRect()->rect().contains(help->pos())
                                 ? toolTipAt(help->pos().x())
                                 : QString();
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, m_plot);
        }
        return true;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace xylem::views
