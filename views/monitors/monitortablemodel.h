#pragma once

// A table of a run's stored monitors (core/store/monitortables.h) as an item model: the cells
// as TableModel shows them (durations in automatic units, shares in per cent, raw values for
// sorting and copying), the column titles translated here.

#include "views/tablemodel.h"

namespace xylem::views {

class MonitorTableModel : public TableModel
{
    Q_OBJECT

public:
    explicit MonitorTableModel(QObject* parent = nullptr);

    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The title of a column of core/store/monitortables.h ("gather_rate_pct" -> "gather rate
    // (%)"); an unknown column keeps its name.
    static QString title(const std::string& column);
};

} // namespace xylem::views
