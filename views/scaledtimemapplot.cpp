#include "views/scaledtimemapplot.h"

#include "views/plotcsvexport.h"
#include "views/tablemodel.h" // formatNanoseconds
#include "views/timemapcsv.h"
#include "views/timemaplayout.h"

#include <QVBoxLayout>
#include <qcustomplot.h>

namespace xylem::views {

namespace {

// A colour per stage kind, the same on both sides.
QColor stageColour(Stage stage)
{
    static const QColor colours[] = {
        QColor(186, 189, 182), QColor(114, 159, 207), QColor(52, 101, 164), QColor(233, 185, 110),
        QColor(204, 0, 0),     QColor(173, 127, 168), QColor(138, 226, 52), QColor(78, 154, 6)};
    return colours[static_cast<int>(stage) % std::size(colours)];
}

} // namespace

ScaledTimemapPlot::ScaledTimemapPlot(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->xAxis->setLabel(tr("µs (down < 0 < up)"));
    m_plot->yAxis->setLabel(tr("depth (scaled)"));
    m_plot->yAxis->setRange(0, 1.08);
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
    m_plot->clearItems();
    m_bars = 0;
    m_csv = {};
    auto* heading = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0));
    heading->setText(title);
    const int wrapper = report ? report->configuration->indexOf(thread) : -1;
    const ThreadReport* path = wrapper >= 0 ? report->thread(wrapper) : nullptr;
    if (!path || path->pathLength <= 0) {
        heading->setText(title + QStringLiteral(" — ") + tr("no such thread"));
        m_plot->replot();
        return {0, 0};
    }
    const double rowHeight = 0.8 / path->pathLength;
    double left = 0, right = 0;
    const std::vector<TimemapBar> bars = layoutTimemaps(*report, {wrapper}, true);
    m_csv = timemapTable(*report, bars);
    for (const TimemapBar& bar : bars) {
        const double y = static_cast<double>(bar.stage.depth) / path->pathLength;
        auto* rect = new QCPItemRect(m_plot);
        rect->topLeft->setCoords(bar.x0 / 1e3, y + rowHeight / 2);
        rect->bottomRight->setCoords(bar.x1 / 1e3, y - rowHeight / 2);
        const QColor colour = stageColour(bar.stage.stage);
        rect->setBrush(colour);
        rect->setPen(QPen(colour.darker(150), 0.8));
        if (bar.stage.estimate == StageEstimate::HalfTwoWay) {
            // Half the hop's two-way latency (no clock model): hatched, as in the timemap view.
            auto* hatch = new QCPItemRect(m_plot);
            hatch->topLeft->setCoords(bar.x0 / 1e3, y + rowHeight / 2);
            hatch->bottomRight->setCoords(bar.x1 / 1e3, y - rowHeight / 2);
            hatch->setBrush(QBrush(colour.darker(170), Qt::BDiagPattern));
            hatch->setPen(Qt::NoPen);
        }
        left = std::min(left, bar.x0 / 1e3);
        right = std::max(right, bar.x1 / 1e3);
        ++m_bars;
    }
    auto* root = new QCPItemStraightLine(m_plot);
    root->point1->setCoords(0, 0);
    root->point2->setCoords(0, 1);
    root->setPen(QPen(palette().text().color(), 1, Qt::DashLine));
    heading->setText(
        tr("%1 — %2, call %3")
            .arg(title, QString::fromStdString(thread), formatNanoseconds(path->callTime.mean)));
    return {left, right};
}

void ScaledTimemapPlot::setXRange(double lowUs, double highUs)
{
    const double margin = std::max(1.0, (highUs - lowUs) * 0.04);
    m_plot->xAxis->setRange(lowUs - margin, highUs + margin);
    m_plot->replot();
}

} // namespace xylem::views
