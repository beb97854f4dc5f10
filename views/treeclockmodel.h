#pragma once

// A thin table model over the clocks of a run as the clock view shows them: one row per host
// with the host it was measured against, its offset at the start and at the end sample, its
// drift, error bound, the residual skew the correction left (largest violation, violations of
// checks), and what became of its tuples (core/analysis/treeclockcheck.h: corrected onto the
// front-end's clock, left as they are and why, or the reference). Display text is
// presentation only; kRawRole gives the number (ns, ppm, counts) or the ClockCorrection as an
// int, empty where unknown.

#include "core/analysis/clockmodel.h"
#include "core/analysis/treeclockcheck.h"

#include <QAbstractTableModel>

#include <vector>

namespace xylem::views {

class TreeClockModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    static constexpr int kRawRole = Qt::UserRole;
    enum Column
    {
        Host,
        Master,
        StartOffset,
        EndOffset,
        Drift,
        ErrorBound,
        Residual,
        Violations,
        Tuples,
        ColumnCount
    };

    explicit TreeClockModel(QObject* parent = nullptr);

    // corrections: one per clock (shorter: the rest are taken as not measured).
    void setClocks(std::vector<HostClock> clocks, std::vector<ClockCorrection> corrections);
    const std::vector<HostClock>& clocks() const { return m_clocks; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // "corrected onto A", "left as they are: ..." (the Tuples column's text).
    static QString describe(ClockCorrection correction, const HostClock& clock);

private:
    ClockCorrection correctionAt(size_t row) const;
    QVariant raw(size_t row, int column) const;
    QVariant text(size_t row, int column) const;

    std::vector<HostClock> m_clocks;
    std::vector<ClockCorrection> m_corrections;
};

} // namespace xylem::views
