#include "views/waitstatemodel.h"

#include "views/tablemodel.h"

namespace xylem::views {

WaitStateModel::WaitStateModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void WaitStateModel::setReport(WaitStateReport report, std::vector<MpiRank> ranks)
{
    beginResetModel();
    m_report = std::move(report);
    m_ranks = std::move(ranks);
    endResetModel();
}

int WaitStateModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_ranks.size());
}

int WaitStateModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : kFixedColumns + 2 * kWaitPatternCount;
}

QString WaitStateModel::patternTitle(WaitPattern pattern)
{
    switch (pattern) {
    case WaitPattern::WaitAtNxN:
        return tr("Wait at N×N");
    case WaitPattern::LateBroadcast:
        return tr("Late Broadcast");
    case WaitPattern::EarlyReduce:
        return tr("Early Reduce");
    case WaitPattern::LateSender:
        return tr("Late Sender");
    case WaitPattern::LateReceiver:
        return tr("Late Receiver");
    case WaitPattern::WaitAtBarrier:
        return tr("Wait at Barrier");
    }
    return {};
}

QVariant WaitStateModel::patternCell(int rank, int column, int role) const
{
    const int p = (column - kFixedColumns) / 2;
    const bool grid = (column - kFixedColumns) % 2 == 1;
    const PatternSeverity& pattern = m_report.patterns[static_cast<size_t>(p)];
    if (static_cast<size_t>(rank) >= pattern.perRank.size()) {
        return {};
    }
    const WaitSeverity& s = pattern.perRank[static_cast<size_t>(rank)];
    if (!grid) {
        return role == kRawRole ? QVariant(qint64(s.waitNs))
                                : QVariant(formatNanoseconds(static_cast<double>(s.waitNs)));
    }
    const double share =
        s.waitNs > 0 ? static_cast<double>(s.gridNs) / static_cast<double>(s.waitNs) : 0.0;
    if (role == kRawRole) {
        return share;
    }
    return s.waitNs > 0 ? QVariant(QStringLiteral("%1 %").arg(share * 100, 0, 'f', 1))
                        : QVariant(QStringLiteral("–"));
}

QVariant WaitStateModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount() ||
        (role != Qt::DisplayRole && role != kRawRole && role != Qt::TextAlignmentRole)) {
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        return index.column() >= kFixedColumns || index.column() == 0
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    }
    const MpiRank& rank = m_ranks[static_cast<size_t>(index.row())];
    switch (index.column()) {
    case 0:
        return rank.rank;
    case 1:
        return QString::fromStdString(rank.host);
    case 2:
        return QString::fromStdString(rank.cluster);
    default:
        return patternCell(index.row(), index.column(), role);
    }
}

QVariant WaitStateModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 ||
        section >= columnCount()) {
        return {};
    }
    if (section < kFixedColumns) {
        const QString fixed[] = {tr("Rank"), tr("Host"), tr("Cluster")};
        return fixed[section];
    }
    const auto pattern = static_cast<WaitPattern>((section - kFixedColumns) / 2);
    return (section - kFixedColumns) % 2 == 0 ? patternTitle(pattern)
                                              : tr("%1: grid share").arg(patternTitle(pattern));
}

} // namespace xylem::views
