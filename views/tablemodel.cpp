#include "views/tablemodel.h"

#include "views/columntitle.h"

#include <cmath>

namespace xylem::views {

QString formatNanoseconds(double ns)
{
    if (std::isnan(ns)) {
        return QString();
    }
    const double magnitude = std::fabs(ns);
    if (magnitude >= 1e9) {
        return QObject::tr("%1 s").arg(ns / 1e9, 0, 'g', 4);
    }
    if (magnitude >= 1e6) {
        return QObject::tr("%1 ms").arg(ns / 1e6, 0, 'g', 4);
    }
    if (magnitude >= 1e3) {
        return QObject::tr("%1 µs").arg(ns / 1e3, 0, 'g', 4);
    }
    return QObject::tr("%1 ns").arg(ns, 0, 'g', 4);
}

TableModel::TableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void TableModel::setTable(Table table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int TableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.rows.size());
}

int TableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.columns.size());
}

QString TableModel::display(int column, const Cell& cell) const
{
    const std::string& name = m_table.columns[static_cast<size_t>(column)];
    if (const auto* d = std::get_if<double>(&cell)) {
        if (name.ends_with("_ns")) {
            return formatNanoseconds(*d);
        }
        if (name.ends_with("share")) {
            return std::isnan(*d) ? QString() : tr("%1 %").arg(*d * 100, 0, 'f', 1);
        }
        return QString::number(*d, 'g', 6);
    }
    if (const auto* i = std::get_if<std::int64_t>(&cell)) {
        return QString::number(*i);
    }
    if (const auto* s = std::get_if<std::string>(&cell)) {
        return QString::fromStdString(*s);
    }
    return QString();
}

QVariant TableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount()) {
        return {};
    }
    const Cell& cell =
        m_table.rows[static_cast<size_t>(index.row())][static_cast<size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        return display(index.column(), cell);
    case Qt::EditRole:
    case kRawRole:
        if (const auto* d = std::get_if<double>(&cell)) {
            return *d;
        }
        if (const auto* i = std::get_if<std::int64_t>(&cell)) {
            return static_cast<qlonglong>(*i);
        }
        if (const auto* s = std::get_if<std::string>(&cell)) {
            return QString::fromStdString(*s);
        }
        return {};
    case Qt::TextAlignmentRole:
        return std::holds_alternative<std::string>(cell)
                   ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                   : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal || section < 0 ||
        section >= columnCount()) {
        return QAbstractTableModel::headerData(section, orientation, role);
    }
    return columnTitle(m_table.columns[static_cast<size_t>(section)]);
}

} // namespace xylem::views
