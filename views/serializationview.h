#pragma once

// Departure-serialization curves (metrics.md §5) of one gred, several runs overlaid: for each
// departure position r the mean of t4_(r) - t3, and the least-squares line through it (its
// intercept the introduced latency, its slope the serialization; flatter is better). The
// curves and fits come from core/analysis; runs whose configuration has no such gred are
// left out.

#include "core/analysis/report.h"
#include "views/labelledreport.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QCustomPlot;

namespace xylem::views {

struct SerializationCurve
{
    QString label;
    std::vector<double> meanNs; // per departure position
    double interceptNs = 0;
    double slopeNs = 0;
};

class SerializationView : public QWidget
{
    Q_OBJECT

public:
    explicit SerializationView(QWidget* parent = nullptr);

    void setReports(std::vector<LabelledReport> reports);
    bool showGred(const QString& id);
    QString currentGred() const;
    const std::vector<SerializationCurve>& curves() const { return m_curves; }

private:
    void redraw();

    std::vector<LabelledReport> m_reports;
    std::vector<SerializationCurve> m_curves;
    QComboBox* m_gred;
    QCustomPlot* m_plot;
};

} // namespace xylem::views
