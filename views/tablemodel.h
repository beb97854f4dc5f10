#pragma once

// A thin item model over a core table (core/model/table.h): one row per row, one column per
// column. Display text is presentation only: durations (columns ending in "_ns") in one unit
// per column, the one core/model/durationunits.h chooses for the column's values, so a column
// reads down without mixing ms and µs; shares in per cent. Qt::EditRole and the sort role give
// the raw value, so sorting is by number and copying keeps full precision. A cell of a
// statistics group ("call_time_mean_ns", "call_time_count", ...) whose row also has the
// group's percentile columns ("<group>_p50_ns" or "_median_ns", "_p90_ns", "_p99_ns",
// "_p999_ns") gets them as its tooltip.

#include "core/model/durationunits.h"
#include "core/model/table.h"

#include <QAbstractTableModel>

#include <array>
#include <optional>
#include <vector>

namespace xylem::views {

class TableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    explicit TableModel(QObject* parent = nullptr);

    void setTable(Table table);
    const Table& table() const { return m_table; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The raw value of a cell, for sorting and copying.
    static constexpr int kRawRole = Qt::UserRole;
    // The unit of a duration column, nullopt for other columns.
    std::optional<DurationUnit> unitOf(int column) const;

private:
    QString display(int column, const Cell& cell) const;
    QString percentiles(int row, int column) const;

    Table m_table;
    std::vector<std::optional<DurationUnit>> m_units; // per column; set for "_ns" columns
    // Per column: its statistics group's p50, p90, p99, p99.9 columns (-1 when absent).
    std::vector<std::array<int, 4>> m_percentileColumns;
};

// "12.35 µs", "4.560 ms", "789.0 ns": a duration for people, in its own unit
// (core/model/durationunits.h, the CLI's rule); empty for NaN.
QString formatNanoseconds(double ns);
// In a unit chosen for several values (a column, an axis).
QString formatNanoseconds(double ns, DurationUnit unit);

} // namespace xylem::views
