#pragma once

// A thin table model over a run's clock models (core/analysis/clockmodel.h, stored per host as
// xylem-clock/1): one row per host with the host it was measured against, its offset at the
// start sample, its drift, the error bound of its chain and the residual skew the correction
// left (largest happened-before violation, violations of checks). Display text is
// presentation only; kRawRole gives the number (ns, ppm, counts), empty where unknown.

#include "core/analysis/clockmodel.h"

#include <QAbstractTableModel>

#include <vector>

namespace xylem::views {

class ClockSkewModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kRawRole = Qt::UserRole;
    enum Column
    {
        Host,
        Master,
        Offset,
        Drift,
        ErrorBound,
        Residual,
        Violations,
        ColumnCount
    };

    explicit ClockSkewModel(QObject* parent = nullptr);

    void setClocks(std::vector<HostClock> clocks);
    const std::vector<HostClock>& clocks() const { return m_clocks; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant raw(const HostClock& clock, int column) const;
    QVariant text(const HostClock& clock, int column) const;

    std::vector<HostClock> m_clocks;
};

} // namespace xylem::views
