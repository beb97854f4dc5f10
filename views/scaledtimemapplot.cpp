#include "views/scaledtimemapplot.h"

#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/plotlegend.h"
#include "views/tablemodel.h" // formatNanoseconds
#include "views/timemapcsv.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

#include <set>

namespace xylem::views {

namespace {

void setUnitLabel(QCustomPlot* plot, DurationUnit unit)
{
    const std::string_view symbol = unitSymbol(unit);
    plot->xAxis->setLabel(
        ScaledTimemapPlot::tr("%1 (down < 0 < up)")
            .arg(QString::fromUtf8(symbol.data(), static_cast<qsizetype>(symbol.size()))));
}

} // namespace

ScaledTimemapPlot::ScaledTimemapPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    setUnitLabel(m_plot, m_unit);
    m_plot->yAxis->setLabel(tr("depth (scaled)"));
    m_plot->yAxis->setRange(0, 1.08);
    placeLegendAbove(m_plot);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->legend->setWrap(3); // fits a third of the comparison's width
    m_plot->legend->setIconSize(12, 8);
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.8);
    m_plot->legend->setFont(small);
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, QString()));
    addCsvExport(m_plot, {QStringLiteral("timemap.csv"), {}, [this] {
                              return m_csv.rows.empty() ? std::vector<Table>{}
                                                        : std::vector<Table>{m_csv};
                          }});
}

std::pair<double, double> ScaledTimemapPlot::show(std::shared_ptr<const AnalysisReport> report,
                                                  const std::string& thread, const QString& title)
{
    m_drawn.clear();
    m_csv = {};
    auto* heading = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0));
    heading->setText(title);
    const int wrapper = report ? report->configuration->indexOf(thread) : -1;
    const ThreadReport* path = wrapper >= 0 ? report->thread(wrapper) : nullptr;
    if (!path || path->pathLength <= 0) {
        heading->setText(title + QStringLiteral(" — ") + tr("no such thread"));
        drawBars();
        return {0, 0};
    }
    m_drawn = layoutTimemaps(*report, {wrapper}, true);
    m_csv = timemapTable(*report, m_drawn);
    double left = 0, right = 0;
    for (const TimemapBar& bar : m_drawn) {
        left = std::min(left, bar.x0 / 1e3);
        right = std::max(right, bar.x1 / 1e3);
    }
    m_unit = durationUnitFor(std::max(-left, right) * 1e3);
    drawBars();
    heading->setText(
        tr("%1 — %2, call %3")
            .arg(title, QString::fromStdString(thread), formatNanoseconds(path->callTime.mean)));
    return {left, right};
}

void ScaledTimemapPlot::drawBars()
{
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_bars = 0;
    setUnitLabel(m_plot, m_unit);
    int pathLength = 1;
    for (const TimemapBar& bar : m_drawn) {
        pathLength = std::max(pathLength, bar.stage.depth);
    }
    const double rowHeight = 0.8 / pathLength;
    const double scale = nanosecondsPer(m_unit);
    std::set<Stage> kinds;
    for (const TimemapBar& bar : m_drawn) {
        const double y = static_cast<double>(bar.stage.depth) / pathLength;
        auto* rect = new QCPItemRect(m_plot);
        rect->topLeft->setCoords(bar.x0 / scale, y + rowHeight / 2);
        rect->bottomRight->setCoords(bar.x1 / scale, y - rowHeight / 2);
        const QColor colour = stageColour(bar.stage.stage);
        rect->setBrush(colour);
        rect->setPen(QPen(colour.darker(150), 0.8));
        if (bar.stage.estimate == StageEstimate::HalfTwoWay) {
            // Half the hop's two-way latency (no clock model): hatched, as in the timemap view.
            auto* hatch = new QCPItemRect(m_plot);
            hatch->topLeft->setCoords(bar.x0 / scale, y + rowHeight / 2);
            hatch->bottomRight->setCoords(bar.x1 / scale, y - rowHeight / 2);
            hatch->setBrush(QBrush(colour.darker(170), Qt::BDiagPattern));
            hatch->setPen(Qt::NoPen);
        }
        kinds.insert(bar.stage.stage);
        ++m_bars;
    }
    for (const Stage stage : kinds) {
        const std::string_view name = toString(stage);
        addLegendSwatch(m_plot, QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())),
                        stageColour(stage), QPen(stageColour(stage).darker(150)));
    }
    m_plot->legend->setVisible(!kinds.empty());
    auto* root = new QCPItemStraightLine(m_plot);
    root->point1->setCoords(0, 0);
    root->point2->setCoords(0, 1);
    root->setPen(QPen(palette().text().color(), 1, Qt::DashLine));
    m_plot->replot();
}

void ScaledTimemapPlot::setXRange(double lowUs, double highUs)
{
    // Both sides of a comparison get the same range, hence the same unit.
    const DurationUnit unit = durationUnitFor(std::max(-lowUs, highUs) * 1e3);
    if (unit != m_unit) {
        m_unit = unit;
        drawBars();
    }
    const double margin = std::max(1e-3, (highUs - lowUs) * 0.04);
    const double perUs = 1e3 / nanosecondsPer(m_unit);
    m_plot->xAxis->setRange((lowUs - margin) * perUs, (highUs + margin) * perUs);
    m_plot->replot();
}

} // namespace xylem::views
