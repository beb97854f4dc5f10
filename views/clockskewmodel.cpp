#include "views/clockskewmodel.h"

#include "views/tablemodel.h"

namespace xylem::views {

ClockSkewModel::ClockSkewModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ClockSkewModel::setClocks(std::vector<HostClock> clocks)
{
    beginResetModel();
    m_clocks = std::move(clocks);
    endResetModel();
}

int ClockSkewModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_clocks.size());
}

int ClockSkewModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

// The number behind a cell; empty where the model does not know it (an unmeasured host).
QVariant ClockSkewModel::raw(const HostClock& c, int column) const
{
    switch (column) {
    case Host:
        return QString::fromStdString(c.host);
    case Master:
        return QString::fromStdString(c.master);
    case Offset:
        return c.measured ? QVariant(qint64(c.start.offsetNs)) : QVariant();
    case Drift:
        return c.measured ? QVariant(c.driftPpm()) : QVariant();
    case ErrorBound:
        return c.errorBoundNs ? QVariant(qint64(*c.errorBoundNs)) : QVariant();
    case Residual:
        return qint64(c.residual.maxViolationNs);
    case Violations:
        return qint64(c.residual.violations);
    }
    return {};
}

QVariant ClockSkewModel::text(const HostClock& c, int column) const
{
    const QVariant value = raw(c, column);
    switch (column) {
    case Host:
        return value;
    case Master:
        return c.reference ? tr("reference") : value;
    case Offset:
    case ErrorBound:
        return value.isValid() ? QVariant(formatNanoseconds(value.toDouble()))
                               : QVariant(tr("not measured"));
    case Drift:
        return value.isValid() ? QVariant(QStringLiteral("%1").arg(value.toDouble(), 0, 'f', 2))
                               : QVariant(QStringLiteral("–"));
    case Residual:
        return formatNanoseconds(value.toDouble());
    case Violations:
        return tr("%1 of %2").arg(c.residual.violations).arg(c.residual.checks);
    }
    return {};
}

QVariant ClockSkewModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const HostClock& clock = m_clocks[static_cast<size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return text(clock, index.column());
    case kRawRole:
        return raw(clock, index.column());
    case Qt::TextAlignmentRole:
        return index.column() > Master ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
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

QVariant ClockSkewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= ColumnCount) {
        return {};
    }
    const QString titles[] = {tr("Host"),        tr("Measured against"), tr("Offset"),
                              tr("Drift (ppm)"), tr("Error bound"),      tr("Residual skew"),
                              tr("Violations")};
    return titles[section];
}

} // namespace xylem::views
