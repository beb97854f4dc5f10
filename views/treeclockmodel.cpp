#include "views/treeclockmodel.h"

#include "views/tablemodel.h"

namespace xylem::views {

TreeClockModel::TreeClockModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TreeClockModel::setClocks(std::vector<HostClock> clocks,
                               std::vector<ClockCorrection> corrections)
{
    beginResetModel();
    m_clocks = std::move(clocks);
    m_corrections = std::move(corrections);
    endResetModel();
}

int TreeClockModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_clocks.size());
}

int TreeClockModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

ClockCorrection TreeClockModel::correctionAt(size_t row) const
{
    return row < m_corrections.size() ? m_corrections[row] : ClockCorrection::NotMeasured;
}

QString TreeClockModel::describe(ClockCorrection correction, const HostClock& clock)
{
    switch (correction) {
    case ClockCorrection::Reference:
        return tr("the reference clock");
    case ClockCorrection::Corrected:
        return tr("corrected onto %1").arg(QString::fromStdString(clock.master));
    case ClockCorrection::WithinBound:
        return tr("as they are: the offset is within its error bound");
    case ClockCorrection::NotMeasured:
        return tr("as they are: the host was never measured");
    }
    return {};
}

// The number behind a cell; empty where the model does not know it (an unmeasured host).
QVariant TreeClockModel::raw(size_t row, int column) const
{
    const HostClock& c = m_clocks[row];
    switch (column) {
    case Host:
        return QString::fromStdString(c.host);
    case Master:
        return QString::fromStdString(c.master);
    case StartOffset:
        return c.measured ? QVariant(qint64(c.start.offsetNs)) : QVariant();
    case EndOffset:
        return c.measured ? QVariant(qint64(c.end.offsetNs)) : QVariant();
    case Drift:
        return c.measured ? QVariant(c.driftPpm()) : QVariant();
    case ErrorBound:
        return c.errorBoundNs ? QVariant(qint64(*c.errorBoundNs)) : QVariant();
    case Residual:
        return c.residual.checks > 0 ? QVariant(qint64(c.residual.maxViolationNs)) : QVariant();
    case Violations:
        return qint64(c.residual.violations);
    case Tuples:
        return static_cast<int>(correctionAt(row));
    }
    return {};
}

QVariant TreeClockModel::text(size_t row, int column) const
{
    const HostClock& c = m_clocks[row];
    const QVariant value = raw(row, column);
    switch (column) {
    case Host:
        return value;
    case Master:
        return c.reference ? tr("reference") : value;
    case StartOffset:
    case EndOffset:
        // Signed: which way the host's clock is off matters.
        return value.isValid()
                   ? QVariant((value.toLongLong() < 0 ? QStringLiteral("−") : QStringLiteral("+")) +
                              formatNanoseconds(std::abs(value.toDouble())))
                   : QVariant(tr("not measured"));
    case ErrorBound:
        return value.isValid() ? QVariant(formatNanoseconds(value.toDouble()))
                               : QVariant(tr("not measured"));
    case Drift:
        return value.isValid() ? QVariant(QStringLiteral("%1").arg(value.toDouble(), 0, 'f', 2))
                               : QVariant(QStringLiteral("–"));
    case Residual:
        return value.isValid() ? QVariant(formatNanoseconds(value.toDouble()))
                               : QVariant(tr("not checked"));
    case Violations:
        return tr("%1 of %2").arg(c.residual.violations).arg(c.residual.checks);
    case Tuples:
        return describe(correctionAt(row), c);
    }
    return {};
}

QVariant TreeClockModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const auto row = static_cast<size_t>(index.row());
    const HostClock& clock = m_clocks[row];
    switch (role) {
    case Qt::DisplayRole:
        return text(row, index.column());
    case kRawRole:
        return raw(row, index.column());
    case Qt::TextAlignmentRole:
        return index.column() > Master && index.column() < Tuples
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case Qt::ToolTipRole:
        // A residual above the error bound: offsets and drift do not describe this clock.
        return clock.errorBoundNs && clock.residual.maxViolationNs > *clock.errorBoundNs
                   ? QVariant(tr("The residual skew exceeds the error bound: the clock model "
                                 "does not describe this host's clock well."))
                   : QVariant();
    default:
        return {};
    }
}

QVariant TreeClockModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= ColumnCount) {
        return {};
    }
    const QString titles[] = {tr("Host"),          tr("Measured against"), tr("Offset at start"),
                              tr("Offset at end"), tr("Drift (ppm)"),      tr("Error bound"),
                              tr("Residual skew"), tr("Violations"),       tr("Timestamps")};
    return titles[section];
}

} // namespace xylem::views
