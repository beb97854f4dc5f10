#include "views/overtimeview.h"

#include "views/culpritstrip.h"
#include "views/overtimetext.h"
#include "views/palette.h"
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

constexpr size_t kStagesInLegend = 8; // a longer path: the longest 8, the rest in grey

// The stages drawn in colour with a legend entry: all of a short path's; of a long path's (a
// binary tree of thousands of threads has dozens) the kStagesInLegend longest over the run, so
// that the legend stays beside its panel. The others are thin grey lines (named in the tooltip).
std::vector<bool> stagesNamed(const OverTime& s)
{
    std::vector<bool> named(s.stages.size(), s.stages.size() <= kStagesInLegend + 4);
    if (named.empty() || named.front()) {
        return named;
    }
    std::vector<std::pair<double, size_t>> longest;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        double sum = 0;
        for (const double v : s.stages[i].meanNs) {
            sum += std::isfinite(v) ? v : 0;
        }
        longest.emplace_back(sum, i);
    }
    std::stable_sort(longest.begin(), longest.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t k = 0; k < kStagesInLegend; ++k) {
        named[longest[k].second] = true;
    }
    return named;
}

// One line per stage of the path, in the order they happen; a stage kind has its colour of
// every timemap (palette.h), and a kind met again higher up the path another dash.
void drawStages(QCPAxisRect* rect, QCPLegend* legend, const OverTimeData& data, double nsPerX)
{
    const OverTime& s = data.analysis.series;
    std::vector<double> all;
    for (const StageOverTime& st : s.stages) {
        all.insert(all.end(), st.meanNs.begin(), st.meanNs.end());
    }
    const DurationUnit unit = durationUnitFor(all);
    QVector<double> keys;
    for (size_t b = 0; b < s.bucketCount(); ++b) {
        keys.push_back((static_cast<double>(s.bucketStartNs(b)) + s.widthNs / 2.0) / nsPerX);
    }
    static const Qt::PenStyle styles[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine,
                                          Qt::DashDotLine};
    const std::vector<bool> named = stagesNamed(s);
    std::map<Stage, int> seen;
    QCPGraph* grey = nullptr;
    for (size_t i = 0; i < s.stages.size(); ++i) {
        const StageOverTime& st = s.stages[i];
        auto* g = new QCPGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        QVector<double> values;
        for (const double v : st.meanNs) {
            values.push_back(inUnit(v, unit));
        }
        g->setData(keys, values, true);
        g->setName(stageLineName(data, st));
        if (named[i]) {
            g->setPen(QPen(stageColour(st.stage), 1.6, styles[seen[st.stage]++ % 4]));
            g->addToLegend(legend);
        } else {
            g->setPen(QPen(otherCulpritColour(), 1));
            g->setLayer(QStringLiteral("grid")); // under the named ones
            grey = g;
        }
    }
    if (grey) {
        const auto others = static_cast<int>(std::count(named.begin(), named.end(), false));
        auto* entry = new QCPPlottableLegendItem(legend, grey);
        legend->addItem(entry);
        grey->setName(OverTimeView::tr("%n other stage(s), shorter", nullptr, others));
    }
    QCPAxis* left = rect->axis(QCPAxis::atLeft);
    left->rescale();
    left->setRange(std::min(0.0, left->range().lower), left->range().upper * 1.08 + 1e-9);
    left->setLabel(
        OverTimeView::tr("stages of %1 (%2)").arg(data.idOf(s.pathThread), unitText(unit)));
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
        ->setLabel(tr("time since the run's first call (%1)").arg(unitText(m_timeUnit)));
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
