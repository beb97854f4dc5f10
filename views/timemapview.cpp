#include "views/timemapview.h"

#include "core/analysis/clockcoverage.h"
#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/plotlegend.h"
#include "views/tablemodel.h"
#include "views/timemapcsv.h"

#include <QCheckBox>
#include <QFontMetricsF>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <map>
#include <set>

namespace xylem::views {

namespace {

constexpr double kBand = 0.8;               // of a depth row, shared by the shown threads
constexpr double kBar = 0.9;                // of a thread's row
const QColor kCulpritRow(240, 228, 66, 90); // Okabe–Ito yellow, faint: behind the culprit's bars

QString fromView(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

TimemapView::TimemapView(QWidget* parent)
    : QWidget(parent)
    , m_waits(new QCheckBox(tr("Show arrival waits"), this))
    , m_clockNote(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    m_waits->setChecked(true);
    m_clockNote->setWordWrap(true);
    m_clockNote->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_waits);
    layout->addWidget(m_clockNote);
    layout->addWidget(m_plot, 1);
    m_plot->yAxis->setLabel(tr("depth along the path"));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->setMouseTracking(true);
    placeLegendAbove(m_plot);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(5); // the stage kinds in a row or two
    addCsvExport(m_plot, {QStringLiteral("timemap.csv"), {}, [this] {
                              return m_report ? std::vector<Table>{timemapTable(*m_report, m_bars)}
                                              : std::vector<Table>{};
                          }});
    connect(m_waits, &QCheckBox::toggled, this, &TimemapView::setArrivalWaitsShown);
    connect(m_plot, &QCustomPlot::afterLayout, this, &TimemapView::fitStageLabels);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const QString text = describeAt(m_plot->xAxis->pixelToCoord(event->position().x()),
                                        m_plot->yAxis->pixelToCoord(event->position().y()));
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
        }
    });
    redraw();
}

void TimemapView::setReport(std::shared_ptr<const AnalysisReport> report)
{
    m_report = std::move(report);
    m_threads = m_report ? defaultTimemapThreads(*m_report) : std::vector<int>{};
    m_highlighted = -1;
    redraw();
}

void TimemapView::setThreads(std::vector<int> threads)
{
    m_threads = std::move(threads);
    redraw();
}

void TimemapView::setArrivalWaitsShown(bool shown)
{
    m_arrivalWaits = shown;
    m_waits->setChecked(shown);
    redraw();
}

void TimemapView::highlightThread(int wrapper)
{
    if (std::find(m_threads.begin(), m_threads.end(), wrapper) == m_threads.end()) {
        m_threads.insert(m_threads.begin(), wrapper);
    }
    m_highlighted = wrapper;
    redraw();
}

double TimemapView::rowHeight() const
{
    return kBand / static_cast<double>(std::max<size_t>(m_threads.size(), 1));
}

double TimemapView::rowY(const TimemapBar& bar) const
{
    return bar.stage.depth - kBand / 2 + rowHeight() * (bar.row + 0.5);
}

void TimemapView::redraw()
{
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_stageLabels.clear();
    m_bars =
        m_report ? layoutTimemaps(*m_report, m_threads, m_arrivalWaits) : std::vector<TimemapBar>{};
    const int culprit = m_report ? timemapCulprit(*m_report) : -1;
    m_culprit =
        std::find(m_threads.begin(), m_threads.end(), culprit) != m_threads.end() && m_bars.size()
            ? culprit
            : -1;
    double left = 0, right = 0; // ns
    int deepest = 1;
    for (const TimemapBar& bar : m_bars) {
        left = std::min(left, bar.x0);
        right = std::max(right, bar.x1);
        deepest = std::max(deepest, bar.stage.depth);
    }
    m_unit = durationUnitFor(std::max(-left, right));
    m_plot->xAxis->setLabel(tr("time along the path (%1); 0 = the call reaches the root")
                                .arg(fromView(unitSymbol(m_unit))));
    drawCulpritRows();
    for (const TimemapBar& bar : m_bars) {
        drawBar(bar);
    }
    drawThreadLabels(left, right);
    auto* root = new QCPItemStraightLine(m_plot);
    root->point1->setCoords(0, 0);
    root->point2->setCoords(0, 1);
    root->setPen(QPen(palette().text().color(), 1, Qt::DashLine));
    const double margin = std::max(1.0, (right - left) * 0.04);
    m_plot->xAxis->setRange(plotX(left - margin), plotX(right + margin));
    m_plot->yAxis->setRange(0.4, deepest + 0.6);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    m_plot->yAxis->setTicker(ticker);
    fillLegend();
    updateClockNote();
    m_plot->replot();
}

// The culprit's row of every band it passes on a faint yellow strip across the plot: one
// follows it from depth to depth without reading the labels.
void TimemapView::drawCulpritRows()
{
    if (m_culprit < 0) {
        return;
    }
    const auto row = std::find(m_threads.begin(), m_threads.end(), m_culprit) - m_threads.begin();
    std::set<int> depths;
    for (const TimemapBar& bar : m_bars) {
        if (bar.thread == m_culprit) {
            depths.insert(bar.stage.depth);
        }
    }
    for (const int depth : depths) {
        const double y = depth - kBand / 2 + rowHeight() * (static_cast<double>(row) + 0.5);
        auto* strip = new QCPItemRect(m_plot);
        strip->topLeft->setTypeX(QCPItemPosition::ptAxisRectRatio);
        strip->bottomRight->setTypeX(QCPItemPosition::ptAxisRectRatio);
        strip->topLeft->setCoords(0, y - rowHeight() / 2);
        strip->bottomRight->setCoords(1, y + rowHeight() / 2);
        strip->setBrush(kCulpritRow);
        strip->setPen(Qt::NoPen);
    }
}

void TimemapView::drawBar(const TimemapBar& bar)
{
    const QColor colour = stageColour(bar.stage.stage);
    const double half = rowHeight() * kBar / 2;
    auto* rect = new QCPItemRect(m_plot);
    rect->topLeft->setCoords(plotX(bar.x0), rowY(bar) - half);
    rect->bottomRight->setCoords(plotX(bar.x1), rowY(bar) + half);
    rect->setBrush(colour);
    if (bar.thread == m_highlighted) {
        rect->setPen(QPen(palette().highlight().color(), 2.5));
    } else if (bar.thread == m_culprit) {
        rect->setPen(QPen(palette().text().color(), 2));
    } else {
        rect->setPen(QPen(colour.darker(150), 0.8));
    }
    if (bar.stage.estimate == StageEstimate::HalfTwoWay) {
        drawEstimateMark(bar, colour);
    }
    auto* label = new QCPItemText(m_plot);
    label->position->setCoords(plotX((bar.x0 + bar.x1) / 2), rowY(bar));
    label->setColor(colour.lightnessF() < 0.45 ? Qt::white : Qt::black);
    QFont font = label->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    font.setBold(bar.stage.estimate == StageEstimate::HalfTwoWay);
    label->setFont(font);
    m_stageLabels.push_back(label);
}

// Hatched over the bar's own colour, '≈' in its label: the split of the hop's time into down
// and up was not measured.
void TimemapView::drawEstimateMark(const TimemapBar& bar, const QColor& colour)
{
    const double half = rowHeight() * kBar / 2;
    auto* hatch = new QCPItemRect(m_plot);
    hatch->topLeft->setCoords(plotX(bar.x0), rowY(bar) - half);
    hatch->bottomRight->setCoords(plotX(bar.x1), rowY(bar) + half);
    hatch->setBrush(QBrush(colour.darker(170), Qt::BDiagPattern));
    hatch->setPen(Qt::NoPen);
}

// Each thread's name where its path starts, so the rows of one band are told apart; the
// culprit's in bold and called so.
void TimemapView::drawThreadLabels(double& left, double right)
{
    std::map<int, const TimemapBar*> first;
    for (const TimemapBar& bar : m_bars) {
        first.try_emplace(bar.thread, &bar);
    }
    for (const auto& [thread, bar] : first) {
        auto* label = new QCPItemText(m_plot);
        label->position->setCoords(plotX(bar->x0), rowY(*bar));
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        const QString id = QString::fromStdString(m_report->idOf(thread));
        label->setText((thread == m_culprit ? tr("%1 (culprit)").arg(id) : id) +
                       QStringLiteral(" "));
        QFont font = label->font();
        font.setBold(thread == m_culprit);
        label->setFont(font);
        label->setColor(palette().text().color());
        left = std::min(left, bar->x0 - (right - bar->x0) * (thread == m_culprit ? 0.2 : 0.12));
    }
}

// The stage kinds drawn, in the order of the path, each with its initials; the culprit's row.
void TimemapView::fillLegend()
{
    std::set<Stage> shown;
    for (const TimemapBar& bar : m_bars) {
        shown.insert(bar.stage.stage);
    }
    for (const Stage stage : shown) {
        const QColor colour = stageColour(stage);
        addLegendSwatch(
            m_plot,
            QStringLiteral("%1 (%2)").arg(fromView(toString(stage)),
                                          QString::fromStdString(stageAbbreviation(stage))),
            colour, QPen(colour.darker(150)));
    }
    if (m_culprit >= 0) {
        addLegendSwatch(
            m_plot, tr("culprit's path: %1").arg(QString::fromStdString(m_report->idOf(m_culprit))),
            kCulpritRow, QPen(palette().text().color(), 2));
    }
    m_plot->legend->setVisible(!m_bars.empty());
}

void TimemapView::fitStageLabels()
{
    const double heightPx =
        std::abs(m_plot->yAxis->coordToPixel(rowHeight() * kBar) - m_plot->yAxis->coordToPixel(0));
    for (size_t i = 0; i < m_stageLabels.size() && i < m_bars.size(); ++i) {
        const TimemapBar& bar = m_bars[i];
        QCPItemText* label = m_stageLabels[i];
        const QFontMetricsF metrics(label->font());
        const double widthPx = std::abs(m_plot->xAxis->coordToPixel(plotX(bar.x1)) -
                                        m_plot->xAxis->coordToPixel(plotX(bar.x0)));
        const bool estimate = bar.stage.estimate == StageEstimate::HalfTwoWay;
        const QString mark = estimate ? QStringLiteral("≈ ") : QString();
        QString text;
        if (metrics.height() <= heightPx + 2) {
            for (const QString& candidate :
                 {mark + fromView(toString(bar.stage.stage)),
                  mark + QString::fromStdString(stageAbbreviation(bar.stage.stage))}) {
                if (metrics.horizontalAdvance(candidate) + 6 <= widthPx) {
                    text = candidate;
                    break;
                }
            }
        }
        if (text.isEmpty() && estimate) {
            text = QStringLiteral("≈"); // always: the estimate must not go unseen
        }
        label->setText(text);
    }
}

QString TimemapView::stageLabel(size_t bar) const
{
    return bar < m_stageLabels.size() ? m_stageLabels[bar]->text() : QString();
}

QStringList TimemapView::hostsWithoutModelOf(const TimemapStage& stage) const
{
    QStringList hosts;
    for (const std::string& h :
         hostsWithoutModel(*m_report->configuration, stage.wrapper, m_report->clocks)) {
        hosts << QString::fromStdString(h);
    }
    return hosts;
}

void TimemapView::updateClockNote()
{
    std::set<QString> hosts;
    for (const TimemapBar& bar : m_bars) {
        if (bar.stage.estimate == StageEstimate::HalfTwoWay) {
            for (const QString& h : hostsWithoutModelOf(bar.stage)) {
                hosts.insert(h);
            }
        }
    }
    if (hosts.empty()) {
        m_clockNote->clear();
        m_clockNote->hide();
        return;
    }
    m_clockNote->setText(
        tr("≈ Hatched stages are estimates: no clock model is stored for %1, so each direction "
           "of a proxy hop that has one of them at an end is shown as half the hop's two-way "
           "latency.")
            .arg(QStringList(hosts.begin(), hosts.end()).join(QStringLiteral(", "))));
    m_clockNote->show();
}

QString TimemapView::clockNote() const
{
    return m_clockNote->text();
}

QString TimemapView::describeAt(double x, double y) const
{
    for (const TimemapBar& bar : m_bars) {
        if (x >= plotX(bar.x0) && x <= plotX(bar.x1) &&
            std::abs(y - rowY(bar)) <= rowHeight() / 2) {
            const QString text = tr("%1: %2 at %3, mean %4")
                                     .arg(QString::fromStdString(m_report->idOf(bar.thread)),
                                          fromView(toString(bar.stage.stage)),
                                          QString::fromStdString(m_report->idOf(bar.stage.wrapper)),
                                          formatNanoseconds(bar.stage.meanNs));
            if (bar.stage.estimate != StageEstimate::HalfTwoWay) {
                return text;
            }
            return text + QLatin1Char('\n') +
                   tr("≈ half the two-way latency: no clock model for host %1")
                       .arg(hostsWithoutModelOf(bar.stage).join(QStringLiteral(", ")));
        }
    }
    return {};
}

} // namespace xylem::views
