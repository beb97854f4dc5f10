#pragma once

// The clocks of a run (metrics.md §7), above all of a tree run across hosts: a summary saying
// how the run's clocks were measured, which hosts were never measured and where the largest
// residual skew is, over a table of every host's offset at the start and end, drift, error
// bound, residual skew and what became of its tuples (TreeClockModel). The MPI wait-state view
// has its own clock table (ClockSkewView); this one is the run's Clocks view for any run.

#include "core/analysis/clockmodel.h"
#include "core/analysis/treeclockcheck.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTableView;

namespace xylem::views {

class TreeClockModel;

class TreeClockView : public QWidget
{
    Q_OBJECT

public:
    explicit TreeClockView(QWidget* parent = nullptr);

    // The run's stored clock models and, per model, what became of its host's tuples; empty:
    // the run stored none. treeRun: recorded through the gather tree (else an MPI run).
    void setClocks(std::vector<HostClock> clocks, std::vector<ClockCorrection> corrections,
                   bool treeRun);
    // Nothing to show (no run, or its clocks could not be read): says why.
    void clear(const QString& why);

    TreeClockModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString summary() const;

private:
    TreeClockModel* m_model;
    QLabel* m_summary;
    QTableView* m_table;
};

} // namespace xylem::views
