#pragma once

// A thin table model over a wait-state report (core/analysis/waitstates.h): one row per rank
// (rank, host, cluster), then per pattern its waiting time and grid share. Display text is
// presentation only; kRawRole gives the number (ns, or the grid share as a fraction).

#include "core/analysis/waitstates.h"

#include <QAbstractTableModel>

#include <vector>

namespace xylem::views {

class WaitStateModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kRawRole = Qt::UserRole;
    static constexpr int kFixedColumns = 3; // rank, host, cluster

    explicit WaitStateModel(QObject* parent = nullptr);

    void setReport(WaitStateReport report, std::vector<MpiRank> ranks);
    const WaitStateReport& report() const { return m_report; }
    const std::vector<MpiRank>& ranks() const { return m_ranks; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The pattern's name for people, translated.
    static QString patternTitle(WaitPattern pattern);

private:
    QVariant patternCell(int rank, int column, int role) const;

    WaitStateReport m_report;
    std::vector<MpiRank> m_ranks;
};

} // namespace xylem::views
