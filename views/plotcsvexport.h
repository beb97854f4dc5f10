#pragma once

// "Export data as CSV…" on a plot's context menu. addCsvExport() attaches a PlotCsvExport to a
// QCustomPlot: by default it reads every graph and bar series off the plot (names from the
// legend, units from the axis labels, so what is saved is what is drawn); views that draw with
// items (the timemaps' rectangles) give their own tables instead.

#include "core/model/result.h"
#include "core/model/table.h"
#include "views/plotcsv.h"

#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QCustomPlot;
class QMenu;
class QPoint;
class QWidget;

namespace xylem::views {

struct PlotCsvOptions
{
    QString fileName = QStringLiteral("plot.csv"); // offered in the save dialog
    QString keyLabel; // for x axes without a label (a stage axis, the timeline's lower rect)
    std::function<std::vector<Table>()> tables; // set: these tables instead of the plottables
};

// Every QCPGraph and QCPBars of the plot, in the order they were added.
std::vector<PlotSeries> plotSeries(QCustomPlot& plot, const QString& keyLabel = {});

class PlotCsvExport : public QObject
{
    Q_OBJECT

public:
    PlotCsvExport(QCustomPlot* plot, PlotCsvOptions options);

    std::vector<Table> tables() const;
    QString csv() const;
    Result<Ok> exportTo(const QString& path) const;
    // The context menu shown on a right click (the caller owns it).
    QMenu* makeMenu(QWidget* parent) const;

private:
    void showMenu(const QPoint& at);
    void askAndExport();

    QCustomPlot* m_plot;
    PlotCsvOptions m_options;
};

// Attaches the export to the plot (a child of it); returns it for tests.
PlotCsvExport* addCsvExport(QCustomPlot* plot, PlotCsvOptions options = {});

} // namespace xylem::views
