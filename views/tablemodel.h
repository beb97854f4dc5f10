#pragma once

// A thin item model over a core table (core/model/table.h): one row per row, one column per
// column. Display text is presentation only: durations (columns ending in "_ns") in µs or ms,
// shares in per cent; Qt::EditRole and the sort role give the raw value, so sorting is by
// number and copying keeps full precision.

#include "core/model/table.h"

#include <QAbstractTableModel>

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

private:
    QString display(int column, const Cell& cell) const;

    Table m_table;
};

// "12.3 µs", "4.56 ms", "789 ns": a duration for people.
QString formatNanoseconds(double ns);

} // namespace xylem::views
