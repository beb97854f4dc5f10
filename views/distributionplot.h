#pragma once

// Operation-time distributions of several runs in one chart: each run's histogram over common
// bins (core's commonHistograms, the slowest 1 % of calls cut off and counted in the legend),
// as outlined steps so overlapping runs stay readable. The time axis is in the unit
// durationunits.h chooses for the bins' extent.

#include "core/analysis/distribution.h"
#include "core/model/durationunits.h"

#include <QString>
#include <QWidget>

#include <cstdint>
#include <span>
#include <vector>

class QCustomPlot;

namespace xylem::views {

class DistributionPlot : public QWidget
{
    Q_OBJECT

public:
    explicit DistributionPlot(QWidget* parent = nullptr);

    // One labelled series of per-call times (ns) per run; empty series are listed, not drawn.
    // The plot hides itself when no series has a call time, and shows itself again with one.
    void setSeries(const std::vector<QString>& labels,
                   const std::vector<std::span<const std::int64_t>>& times);
    const std::vector<Histogram>& histograms() const { return m_histograms; }
    QCustomPlot* plot() const { return m_plot; }
    DurationUnit xUnit() const { return m_unit; }

private:
    void setUnit(DurationUnit unit);

    QCustomPlot* m_plot;
    DurationUnit m_unit = DurationUnit::Microseconds;
    std::vector<Histogram> m_histograms;
};

} // namespace xylem::views
