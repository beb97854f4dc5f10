#include "views/tablemodel.h"

#include "views/columntitle.h"

#include <algorithm>
#include <cmath>

namespace xylem::views {

QString formatNanoseconds(double ns)
{
    return QString::fromStdString(formatDuration(ns));
}

QString formatNanoseconds(double ns, DurationUnit unit)
{
    return QString::fromStdString(formatDuration(ns, unit));
}

TableModel::TableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

namespace {

constexpr std::array<std::string_view, 10> kStatsSuffixes{
    "_count",     "_mean_ns", "_median_ns", "_min_ns", "_max_ns",
    "_stddev_ns", "_p50_ns",  "_p90_ns",    "_p99_ns", "_p999_ns"};

// "call_time" of "call_time_mean_ns"; empty when the column is no statistic of a group.
std::string statsGroup(const std::string& column)
{
    for (const std::string_view suffix : kStatsSuffixes) {
        if (column.size() > suffix.size() && column.ends_with(suffix)) {
            return column.substr(0, column.size() - suffix.size());
        }
    }
    return {};
}

} // namespace

void TableModel::setTable(Table table)
{
    beginResetModel();
    m_table = std::move(table);
    const auto& columns = m_table.columns;
    m_units.assign(columns.size(), std::nullopt);
    m_percentileColumns.assign(columns.size(), {-1, -1, -1, -1});
    const auto find = [&](const std::string& name) {
        const auto it = std::find(columns.begin(), columns.end(), name);
        return it == columns.end() ? -1 : static_cast<int>(it - columns.begin());
    };
    for (size_t c = 0; c < columns.size(); ++c) {
        if (columns[c].ends_with("_ns")) {
            std::vector<double> values;
            for (const auto& row : m_table.rows) {
                if (const auto* d = c < row.size() ? std::get_if<double>(&row[c]) : nullptr) {
                    values.push_back(*d);
                }
            }
            m_units[c] = durationUnitFor(values);
        }
        const std::string group = statsGroup(columns[c]);
        if (!group.empty()) {
            const int p50 = find(group + "_p50_ns");
            m_percentileColumns[c] = {p50 >= 0 ? p50 : find(group + "_median_ns"),
                                      find(group + "_p90_ns"), find(group + "_p99_ns"),
                                      find(group + "_p999_ns")};
        }
    }
    endResetModel();
}

std::optional<DurationUnit> TableModel::unitOf(int column) const
{
    return column >= 0 && static_cast<size_t>(column) < m_units.size()
               ? m_units[static_cast<size_t>(column)]
               : std::nullopt;
}

// "p50 12.35 µs", "p90 …", one a line; empty unless the row has a tail percentile of the group.
QString TableModel::percentiles(int row, int column) const
{
    const auto& found = m_percentileColumns[static_cast<size_t>(column)];
    if (found[1] < 0 && found[2] < 0 && found[3] < 0) {
        return {};
    }
    static const char* const names[] = {"p50", "p90", "p99", "p99.9"};
    const auto& cells = m_table.rows[static_cast<size_t>(row)];
    QStringList lines;
    for (size_t i = 0; i < found.size(); ++i) {
        const auto c = static_cast<size_t>(found[i]);
        const auto* d =
            found[i] >= 0 && c < cells.size() ? std::get_if<double>(&cells[c]) : nullptr;
        if (d) {
            lines << QStringLiteral("%1 %2").arg(QLatin1String(names[i]), formatNanoseconds(*d));
        }
    }
    return lines.join(QLatin1Char('\n'));
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
        if (const auto unit = unitOf(column)) {
            return formatNanoseconds(*d, *unit);
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
    case Qt::ToolTipRole: {
        const QString text = percentiles(index.row(), index.column());
        return text.isEmpty() ? QVariant() : QVariant(text);
    }
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
