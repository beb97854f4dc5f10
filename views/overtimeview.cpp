#include "views/overtimeview.h"

#include "views/culpritstrip.h"
#include "views/overtimestages.h"
#include "views/overtimetext.h"
#include "views/threadheatmap.h"

#include <QLabel>
#include <QStackedWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>
#include <map>

namespace xylem::views {

namespace {

QString unitText(DurationUnit unit)
{
    const std::string_view s = unitSymbol(unit);
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

QCPLegend* addLegend(QCustomPlot* plot, int row)
{
    auto* legend = new QCPLegend;
    plot->plotLayout()->addElement(row, 1, legend);
    legend->setLayer(QStringLiteral("legend"));
    QFont font = plot->font();
    font.setPointSizeF(font.pointSizeF() * 0.9);
    legend->setFont(font);
    legend->setBorderPen(Qt::NoPen);
    legend->setRowSpacing(0);
    return legend;
}

} // namespace

QString OverTimeData::idOf(int wrapper) const
{
    return wrapper >= 0 && static_cast<size_t>(wrapper) < wrapperIds.size()
               ? wrapperIds[static_cast<size_t>(wrapper)]
               : OverTimeView::tr("none");
}

OverTimeData makeOverTimeData(const Configuration& config, OverTimeAnalysis analysis)
{
    OverTimeData data{std::move(analysis), {}};
    for (int w = 0; w < config.wrapperCount(); ++w) {
        data.wrapperIds.push_back(QString::fromStdString(config.wrapper(w).id));
    }
    return data;
}

OverTimeView::OverTimeView(QWidget* parent)
    : QWidget(parent)
    , m_periodic(new QLabel(this))
    , m_culprits(new QLabel(this))
    , m_message(new QLabel(this))
    , m_stack(new QStackedWidget(this))
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    for (QLabel* label : {m_periodic, m_culprits, m_message}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_message->setAlignment(Qt::AlignCenter);
    layout->addWidget(m_periodic);
    layout->addWidget(m_culprits);
    layout->addWidget(m_stack, 1);
    m_stack->addWidget(m_message);
    m_stack->addWidget(m_plot);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setNotAntialiasedElements(QCP::aePlottables | QCP::aeFills);
    m_plot->setAutoAddPlottableToLegend(false);
    connect(m_plot, &QCustomPlot::mouseMove, this,
            [this](QMouseEvent* event) { showTip(event->pos()); });
    clear(tr("No run analysed over time yet."));
}

OverTimeView::~OverTimeView() = default;

void OverTimeView::clear(const QString& why)
{
    m_data.reset();
    m_bucketColours.clear();
    m_periodic->clear();
    m_periodic->hide();
    m_culprits->clear();
    m_culprits->hide();
    m_message->setText(why);
    m_stack->setCurrentWidget(m_message);
}

void OverTimeView::setData(std::shared_ptr<const OverTimeData> input)
{
    if (!input || input->analysis.series.widthNs <= 0) {
        clear(tr("This run has no complete call: there is nothing to show over time."));
        return;
    }
    m_data = std::move(input);
    build();
    const CulpritColours colours = culpritColours(m_data->analysis.series);
    m_periodic->setText(periodicSentence(*m_data));
    QFont bold = font();
    bold.setBold(m_data->analysis.periodic.periodic);
    m_periodic->setFont(bold);
    m_culprits->setText(culpritSentence(*m_data, colours));
    m_periodic->show();
    m_culprits->show();
    m_stack->setCurrentWidget(m_plot);
}

void OverTimeView::build()
{
    const OverTime& s = m_data->analysis.series;
    const double spanNs = static_cast<double>(s.bucketCount()) * static_cast<double>(s.widthNs);
    m_timeUnit = durationUnitFor(spanNs);
    const double nsPerX = nanosecondsPer(m_timeUnit);
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_plot->plotLayout()->clear();
    delete m_margins;
    m_margins = new QCPMarginGroup(m_plot);
    m_panels.clear();
    for (int row = 0; row < 3; ++row) {
        auto* rect = new QCPAxisRect(m_plot);
        m_plot->plotLayout()->addElement(row, 0, rect);
        rect->setMarginGroup(QCP::msLeft | QCP::msRight, m_margins);
        rect->setRangeDrag(Qt::Horizontal);
        rect->setRangeZoom(Qt::Horizontal);
        rect->axis(QCPAxis::atBottom)->setRange(0, spanNs / nsPerX);
        rect->axis(QCPAxis::atBottom)->setTickLabels(row == 2);
        m_panels.push_back(rect);
    }
    const CulpritColours colours = culpritColours(s);
    m_bucketColours = drawCulpritStrip(m_panels[0], addLegend(m_plot, 0), *m_data, colours, nsPerX);
    drawStages(m_panels[1], addLegend(m_plot, 1), *m_data, nsPerX);
    QCPLegend* threadLegend =
        s.threads.size() <= kOverTimeThreadLines ? addLegend(m_plot, 2) : nullptr;
    m_heatmap = drawThreadPanel(m_panels[2], threadLegend, 2, *m_data, colours, nsPerX);
    m_nsPerX = nsPerX;
    m_panels[2]
        ->axis(QCPAxis::atBottom)
        ->setLabel((m_data->windowed ? tr("time since the analysis window's first call (%1)")
                                     : tr("time since the run's first call (%1)"))
                       .arg(unitText(m_timeUnit)));
    m_plot->plotLayout()->setColumnStretchFactor(0, 3);
    m_plot->plotLayout()->setColumnStretchFactor(1, 1);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.3);
    m_plot->plotLayout()->setRowStretchFactor(1, 1);
    m_plot->plotLayout()->setRowStretchFactor(2, 1.3);
    // One time axis: a pan or zoom in any panel moves them all (setRange stops when unchanged).
    for (QCPAxisRect* from : m_panels) {
        for (QCPAxisRect* to : m_panels) {
            if (from != to) {
                connect(from->axis(QCPAxis::atBottom),
                        qOverload<const QCPRange&>(&QCPAxis::rangeChanged),
                        to->axis(QCPAxis::atBottom),
                        qOverload<const QCPRange&>(&QCPAxis::setRange));
            }
        }
    }
    m_plot->replot();
}

QCPAxisRect* OverTimeView::panel(Panel which) const
{
    const auto i = static_cast<size_t>(which);
    return i < m_panels.size() && m_data ? m_panels[i] : nullptr;
}

void OverTimeView::showTip(const QPoint& pos)
{
    if (!m_data) {
        return;
    }
    QCPAxisRect* rect = m_plot->axisRectAt(pos);
    const auto it = std::find(m_panels.begin(), m_panels.end(), rect);
    if (it == m_panels.end()) {
        QToolTip::hideText();
        return;
    }
    const double ns = rect->axis(QCPAxis::atBottom)->pixelToCoord(pos.x()) * m_nsPerX;
    const double bucket = std::floor(ns / static_cast<double>(m_data->analysis.series.widthNs));
    const int row =
        static_cast<int>(std::lround(rect->axis(QCPAxis::atLeft)->pixelToCoord(pos.y())));
    const QString text = bucket < 0 ? QString()
                                    : tip(static_cast<Panel>(it - m_panels.begin()),
                                          static_cast<size_t>(bucket), row);
    if (text.isEmpty()) {
        QToolTip::hideText();
    } else {
        QToolTip::showText(m_plot->mapToGlobal(pos), text, m_plot);
    }
}

QString OverTimeView::tip(Panel which, size_t bucket, int row) const
{
    return m_data ? overTimeTip(*m_data, which, bucket, row) : QString();
}

QString OverTimeView::periodicText() const
{
    return m_periodic->text();
}

QString OverTimeView::culpritText() const
{
    return m_culprits->text();
}

QString OverTimeView::message() const
{
    return m_stack->currentWidget() == m_message ? m_message->text() : QString();
}

bool OverTimeView::showsPlot() const
{
    return m_stack->currentWidget() == m_plot;
}

QColor OverTimeView::culpritColour(size_t bucket) const
{
    return bucket < m_bucketColours.size() ? m_bucketColours[bucket] : QColor();
}

} // namespace xylem::views
