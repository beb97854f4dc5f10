#pragma once

// The clocks of an MPI run's hosts (metrics.md §7): a line saying which host's clock the run
// was mapped onto and where the largest residual skew is, over a table of every host's offset,
// drift, error bound and residual skew (ClockSkewModel). Part of the wait-state view, since
// the waiting times there are only as good as these clocks.

#include "core/analysis/clockmodel.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTableView;

namespace xylem::views {

class ClockSkewModel;

class ClockSkewView : public QWidget
{
    Q_OBJECT

public:
    explicit ClockSkewView(QWidget* parent = nullptr);

    // The run's stored clock models; empty: the run has none (recorded before they were kept).
    void setClocks(std::vector<HostClock> clocks);

    ClockSkewModel* model() const { return m_model; }
    QTableView* table() const { return m_table; }
    QString summary() const;

private:
    ClockSkewModel* m_model;
    QLabel* m_summary;
    QTableView* m_table;
};

} // namespace xylem::views
