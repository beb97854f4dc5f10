#pragma once

// Configuration comparison (metrics.md §6): two analysed runs side by side — mean operation
// and slowest-thread times and the speedup, the chosen thread's stages as grouped bars with the
// per-stage difference, and every thread's slowest share. The comparison itself is core's
// compareRuns; this shows it.

#include "core/analysis/comparison.h"
#include "views/serializationview.h" // LabelledReport

#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QCustomPlot;
class QLabel;
class QTableView;

namespace xylem::views {

class TableModel;

class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget* parent = nullptr);

    void setReports(std::vector<LabelledReport> reports);
    // Compares reports a and b (indices into the reports given).
    bool compare(int a, int b);
    const std::optional<Comparison>& comparison() const { return m_comparison; }
    QString summary() const;
    TableModel* shares() const { return m_shares; }

private:
    void redraw();

    std::vector<LabelledReport> m_reports;
    std::optional<Comparison> m_comparison;
    QComboBox* m_a;
    QComboBox* m_b;
    QLabel* m_summary;
    QCustomPlot* m_plot;
    QTableView* m_table;
    TableModel* m_shares;
};

} // namespace xylem::views
