#include "views/timemapview.h"

#include "core/analysis/clockcoverage.h"
#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/timemapcsv.h"
#include "views/tablemodel.h"

#include <QCheckBox>
#include <QLabel>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <map>
#include <set>

namespace xylem::views {

namespace {

constexpr double kBand = 0.8; // of a depth row, shared by the shown threads

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
    m_plot->xAxis->setLabel(tr("time along the path (µs); 0 = the call reaches the root"));
    m_plot->yAxis->setLabel(tr("depth along the path"));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->setMouseTracking(true);
    addCsvExport(m_plot, {QStringLiteral("timemap.csv"), {}, [this] {
                              return m_report ? std::vector<Table>{timemapTable(*m_report, m_bars)}
                                              : std::vector<Table>{};
                          }});
    connect(m_waits, &QCheckBox::toggled, this, &TimemapView::setArrivalWaitsShown);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) {
        const QString text = describeAt(m_plot->xAxis->pixelToCoord(event->position().x()),
                                        m_plot->yAxis->pixelToCoord(event->position().y()));
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
        }
    });
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

double TimemapView::rowY(const TimemapBar& bar) const
{
    const double height = kBand / static_cast<double>(std::max<size_t>(m_threads.size(), 1));
    return bar.stage.depth - kBand / 2 + height * (bar.row + 0.5);
}

QColor TimemapView::classColour(int thread) const
{
    const ThreadReport* t = m_report->thread(thread);
    for (size_t c = 0; c < m_report->classes.size(); ++c) {
        if (t && m_report->classes[c].signature == t->signature) {
            return seriesColour(c);
        }
    }
    return Qt::gray;
}

void TimemapView::redraw()
{
    m_plot->clearItems();
    m_bars =
        m_report ? layoutTimemaps(*m_report, m_threads, m_arrivalWaits) : std::vector<TimemapBar>{};
    const double height = kBand / static_cast<double>(std::max<size_t>(m_threads.size(), 1));
    double left = 0, right = 0;
    int deepest = 1;
    for (const TimemapBar& bar : m_bars) {
        QColor colour = classColour(bar.thread);
        colour = colour.lighter(100 + 25 * (static_cast<int>(bar.stage.stage) % 3));
        auto* rect = new QCPItemRect(m_plot);
        rect->topLeft->setCoords(bar.x0 / 1e3, rowY(bar) - height * 0.45);
        rect->bottomRight->setCoords(bar.x1 / 1e3, rowY(bar) + height * 0.45);
        rect->setBrush(colour);
        const bool highlighted = bar.thread == m_highlighted;
        rect->setPen(QPen(highlighted ? palette().highlight().color() : colour.darker(140),
                          highlighted ? 2.5 : 0.8));
        if (bar.stage.estimate == StageEstimate::HalfTwoWay) {
            drawEstimateMark(bar, height, colour);
        }
        left = std::min(left, bar.x0 / 1e3);
        right = std::max(right, bar.x1 / 1e3);
        deepest = std::max(deepest, bar.stage.depth);
    }
    // Each thread's name where its path starts, so rows of one class colour are told apart.
    std::map<int, const TimemapBar*> first;
    for (const TimemapBar& bar : m_bars) {
        first.try_emplace(bar.thread, &bar);
    }
    for (const auto& [thread, bar] : first) {
        auto* label = new QCPItemText(m_plot);
        label->position->setCoords(bar->x0 / 1e3, rowY(*bar));
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignVCenter);
        label->setText(QString::fromStdString(m_report->idOf(thread)) + QStringLiteral(" "));
        label->setColor(classColour(thread).darker(130));
        left = std::min(left, bar->x0 / 1e3 - (right - bar->x0 / 1e3) * 0.12);
    }
    auto* root = new QCPItemStraightLine(m_plot);
    root->point1->setCoords(0, 0);
    root->point2->setCoords(0, 1);
    root->setPen(QPen(palette().text().color(), 1, Qt::DashLine));
    const double margin = std::max(1.0, (right - left) * 0.04);
    m_plot->xAxis->setRange(left - margin, right + margin);
    m_plot->yAxis->setRange(0.4, deepest + 0.6);
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1);
    m_plot->yAxis->setTicker(ticker);
    updateClockNote();
    m_plot->replot();
}

// Hatched over the bar's own colour, with '≈' in it: the split of the hop's time into down and
// up was not measured.
void TimemapView::drawEstimateMark(const TimemapBar& bar, double height, const QColor& colour)
{
    auto* hatch = new QCPItemRect(m_plot);
    hatch->topLeft->setCoords(bar.x0 / 1e3, rowY(bar) - height * 0.45);
    hatch->bottomRight->setCoords(bar.x1 / 1e3, rowY(bar) + height * 0.45);
    hatch->setBrush(QBrush(colour.darker(170), Qt::BDiagPattern));
    hatch->setPen(Qt::NoPen);
    auto* mark = new QCPItemText(m_plot);
    mark->position->setCoords((bar.x0 + bar.x1) / 2e3, rowY(bar));
    mark->setText(QStringLiteral("≈"));
    mark->setColor(palette().text().color());
    mark->setBrush(QBrush(colour.lighter(130)));
    QFont font = mark->font();
    font.setBold(true);
    mark->setFont(font);
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

QString TimemapView::describeAt(double xMicroseconds, double y) const
{
    const double height = kBand / static_cast<double>(std::max<size_t>(m_threads.size(), 1));
    for (const TimemapBar& bar : m_bars) {
        if (xMicroseconds >= bar.x0 / 1e3 && xMicroseconds <= bar.x1 / 1e3 &&
            std::abs(y - rowY(bar)) <= height / 2) {
            const auto stage = toString(bar.stage.stage);
            const QString text =
                tr("%1: %2 at %3, mean %4")
                    .arg(QString::fromStdString(m_report->idOf(bar.thread)),
                         QString::fromUtf8(stage.data(), static_cast<qsizetype>(stage.size())),
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
