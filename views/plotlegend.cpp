#include "views/plotlegend.h"

#include <qcustomplot.h>

namespace xylem::views {

void placeLegendAbove(QCustomPlot* plot)
{
    plot->legend->setVisible(true);
    plot->axisRect()->insetLayout()->take(plot->legend);
    plot->plotLayout()->insertRow(0);
    plot->plotLayout()->addElement(0, 0, plot->legend);
    plot->plotLayout()->setRowStretchFactor(0, 0.001); // as tall as its entries, no more
    plot->legend->setFillOrder(QCPLayoutGrid::foRowsFirst);
    plot->legend->setBorderPen(Qt::NoPen);
    plot->legend->setMargins(QMargins(4, 2, 4, 0));
    plot->legend->setLayer(QStringLiteral("legend"));
}

void addLegendSwatch(QCustomPlot* plot, const QString& name, const QBrush& brush, const QPen& pen)
{
    auto* swatch = new QCPBars(plot->xAxis, plot->yAxis);
    swatch->setName(name);
    swatch->setBrush(brush);
    swatch->setPen(pen);
    swatch->setSelectable(QCP::stNone);
}

QStringList legendNames(const QCustomPlot* plot)
{
    QStringList names;
    for (int i = 0; i < plot->legend->itemCount(); ++i) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i))) {
            names << item->plottable()->name();
        }
    }
    return names;
}

} // namespace xylem::views
