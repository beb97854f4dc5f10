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

} // namespace xylem::views
