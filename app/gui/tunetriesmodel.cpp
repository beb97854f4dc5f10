#include "app/gui/tunetriesmodel.h"

#include "core/model/durationunits.h"

#include <QFont>

namespace xylem::gui {

namespace {

QString ratio(double value)
{
    return QString::number(value, 'f', 2);
}

} // namespace

TuneTriesModel::TuneTriesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TuneTriesModel::setTry(const tune::TuneTry& attempt, bool finished)
{
    for (size_t i = 0; i < m_tries.size(); ++i) {
        if (m_tries[i].value.index == attempt.index) {
            m_tries[i] = Row{attempt, finished};
            const int row = static_cast<int>(i);
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
            return;
        }
    }
    const int row = static_cast<int>(m_tries.size());
    beginInsertRows({}, row, row);
    m_tries.push_back(Row{attempt, finished});
    endInsertRows();
}

void TuneTriesModel::clear()
{
    beginResetModel();
    m_tries.clear();
    endResetModel();
}

int TuneTriesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_tries.size());
}

int TuneTriesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString TuneTriesModel::outcomeText(const Row& row) const
{
    const tune::TuneTry& t = row.value;
    if (!row.finished) {
        return tr("recording…");
    }
    if (t.error) {
        return tr("failed: %1").arg(QString::fromStdString(t.error->describe()));
    }
    if (t.heuristic == "start") {
        return tr("start");
    }
    return t.moved ? tr("faster: moved here") : tr("not faster beyond its interval");
}

QVariant TuneTriesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const Row& row = m_tries[static_cast<size_t>(index.row())];
    const tune::TuneTry& t = row.value;
    if (role == Qt::ToolTipRole) {
        return QString::fromStdString(t.reason);
    }
    if (role == Qt::FontRole && t.moved) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case Try:
        return t.index;
    case Change:
        return QString::fromStdString(t.label.substr(t.label.find(": ") + 2));
    case Run:
        return t.result ? QVariant(qlonglong(t.result->run)) : QVariant();
    case Mean:
        if (!t.result) {
            return {};
        }
        return tr("%1 [%2, %3]")
            .arg(QString::fromStdString(formatDuration(t.result->meanNs)),
                 QString::fromStdString(formatDuration(t.result->ciLowerNs)),
                 QString::fromStdString(formatDuration(t.result->ciUpperNs)));
    case Speedup:
        if (!t.speedup) {
            return {};
        }
        return tr("%1× [%2, %3] vs try %4")
            .arg(ratio(t.speedup->value), ratio(t.speedup->interval.lower),
                 ratio(t.speedup->interval.upper))
            .arg(t.from);
    case Outcome:
        return outcomeText(row);
    default:
        return {};
    }
}

QVariant TuneTriesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case Try:
        return tr("Try");
    case Change:
        return tr("Change");
    case Run:
        return tr("Run");
    case Mean:
        return tr("Mean operation time [95 %]");
    case Speedup:
        return tr("Speedup [95 %]");
    case Outcome:
        return tr("Outcome");
    default:
        return {};
    }
}

} // namespace xylem::gui
