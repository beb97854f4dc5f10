#include "views/plotcsvexport.h"

#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <qcustomplot.h>

namespace xylem::views {

namespace {

PlotSeries seriesOf(const QCPAbstractPlottable& p, const QString& keyLabel, int index)
{
    PlotSeries s;
    s.name = p.name().isEmpty() ? QStringLiteral("series %1").arg(index + 1).toStdString()
                                : p.name().toStdString();
    const QString x = p.keyAxis()->label();
    s.xLabel =
        (x.isEmpty() ? (keyLabel.isEmpty() ? QStringLiteral("x") : keyLabel) : x).toStdString();
    s.yLabel =
        p.valueAxis()->label().isEmpty() ? std::string("y") : p.valueAxis()->label().toStdString();
    return s;
}

// Key/value pairs of a graph's or bars' data container, with names where the axis shows text.
template <typename Container>
void readData(const Container& data, const QCPAxis& keyAxis, PlotSeries& s)
{
    const auto text = qSharedPointerDynamicCast<QCPAxisTickerText>(keyAxis.ticker());
    for (auto it = data.constBegin(); it != data.constEnd(); ++it) {
        s.x.push_back(it->key);
        s.y.push_back(it->value);
        if (text) {
            s.xText.push_back(text->ticks().value(it->key).toStdString());
        }
    }
}

} // namespace

std::vector<PlotSeries> plotSeries(QCustomPlot& plot, const QString& keyLabel)
{
    std::vector<PlotSeries> out;
    for (int i = 0; i < plot.plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot.plottable(i);
        if (auto* graph = qobject_cast<QCPGraph*>(p)) {
            out.push_back(seriesOf(*p, keyLabel, i));
            readData(*graph->data(), *p->keyAxis(), out.back());
        } else if (auto* bars = qobject_cast<QCPBars*>(p)) {
            out.push_back(seriesOf(*p, keyLabel, i));
            readData(*bars->data(), *p->keyAxis(), out.back());
        }
    }
    return out;
}

PlotCsvExport::PlotCsvExport(QCustomPlot* plot, PlotCsvOptions options)
    : QObject(plot)
    , m_plot(plot)
    , m_options(std::move(options))
{
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QWidget::customContextMenuRequested, this, &PlotCsvExport::showMenu);
}

std::vector<Table> PlotCsvExport::tables() const
{
    return m_options.tables ? m_options.tables()
                            : seriesTables(plotSeries(*m_plot, m_options.keyLabel));
}

QString PlotCsvExport::csv() const
{
    return QString::fromStdString(plotCsv(tables()));
}

Result<Ok> PlotCsvExport::exportTo(const QString& path) const
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(csv().toUtf8()) < 0 ||
        !file.flush()) {
        return makeError(ErrorCode::IoError, file.errorString().toStdString(), path.toStdString());
    }
    return Ok{};
}

QMenu* PlotCsvExport::makeMenu(QWidget* parent) const
{
    auto* menu = new QMenu(parent);
    QAction* action =
        menu->addAction(tr("Export data as CSV…"), this, &PlotCsvExport::askAndExport);
    action->setObjectName(QStringLiteral("exportPlotCsv"));
    action->setEnabled(!tables().empty());
    return menu;
}

void PlotCsvExport::showMenu(const QPoint& at)
{
    QMenu* menu = makeMenu(m_plot);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_plot->mapToGlobal(at));
}

void PlotCsvExport::askAndExport()
{
    const QString path = QFileDialog::getSaveFileName(m_plot, tr("Export Data as CSV"),
                                                      m_options.fileName, tr("CSV (*.csv)"));
    if (path.isEmpty()) {
        return;
    }
    if (auto written = exportTo(path); !written) {
        QMessageBox::warning(m_plot, tr("Xylem"),
                             tr("Cannot write %1: %2")
                                 .arg(path, QString::fromStdString(written.error().describe())));
    }
}

PlotCsvExport* addCsvExport(QCustomPlot* plot, PlotCsvOptions options)
{
    return new PlotCsvExport(plot, std::move(options));
}

} // namespace xylem::views
