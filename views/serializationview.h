#pragma once

// Departure-serialization curves (metrics.md §5) of one gred, several runs overlaid: for each
// departure position r the mean of t4_(r) - t3, and the least-squares line through it (its
// intercept the introduced latency, its slope the serialization; flatter is better). The
// curves and fits come from core/analysis; runs whose configuration has no such gred are
// left out.
//
// Two scopes: the gred's own children (in every analysis report), or the whole subtree under
// it — every thread below it ranked by departure. The subtree form needs the runs' tuples, so
// the view asks for it (subtreeCurvesWanted) and whoever holds the session answers with
// setSubtreeCurves.

#include "core/analysis/report.h"
#include "core/model/durationunits.h"
#include "views/labelledreport.h"

#include <QString>
#include <QWidget>

#include <memory>
#include <vector>

class QComboBox;
class QLabel;
class QCustomPlot;

namespace xylem::views {

// One run's curve before fitting.
struct LabelledCurve
{
    QString label;
    std::vector<double> meanNs;
};

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

    enum class Scope
    {
        Children,     // the gred's children, from the reports
        WholeSubtree, // every thread under the gred, from the runs' tuples
    };

    // Runs not analysed yet (report null) are ignored.
    void setReports(std::vector<LabelledReport> reports);
    bool showGred(const QString& id);
    QString currentGred() const;
    void setScope(Scope scope);
    Scope scope() const;
    // The answer to subtreeCurvesWanted(gred); ignored if the user has moved on since.
    void setSubtreeCurves(const QString& gred, std::vector<LabelledCurve> curves);
    const std::vector<SerializationCurve>& curves() const { return m_curves; }
    // The y axis's unit: durationunits.h's for every point and fitted point drawn.
    DurationUnit yUnit() const { return m_unit; }

signals:
    void subtreeCurvesWanted(const QString& gred);

private:
    void refresh();
    std::vector<LabelledCurve> childCurves() const;
    void plot(const std::vector<LabelledCurve>& curves);

    std::vector<LabelledReport> m_reports;
    std::vector<SerializationCurve> m_curves;
    DurationUnit m_unit = DurationUnit::Microseconds;
    QComboBox* m_gred;
    QComboBox* m_scope;
    QLabel* m_state;
    QCustomPlot* m_plot;
};

} // namespace xylem::views
