#include "views/monitors/monitortablemodel.h"

namespace xylem::views {

MonitorTableModel::MonitorTableModel(QObject* parent)
    : TableModel(parent)
{
}

QString MonitorTableModel::title(const std::string& column)
{
    static const std::pair<const char*, const char*> kTitles[] = {
        {"host", QT_TR_NOOP("host")},
        {"rings", QT_TR_NOOP("rings")},
        {"written", QT_TR_NOOP("written")},
        {"read", QT_TR_NOOP("read")},
        {"overwritten", QT_TR_NOOP("overwritten")},
        {"gather_rate_pct", QT_TR_NOOP("gather rate (%)")},
        {"episode", QT_TR_NOOP("episode")},
        {"role", QT_TR_NOOP("role")},
        {"node", QT_TR_NOOP("node")},
        {"from_s", QT_TR_NOOP("from (s)")},
        {"to_s", QT_TR_NOOP("to (s)")},
        {"reason", QT_TR_NOOP("reason")},
        {"back", QT_TR_NOOP("back")},
        {"form", QT_TR_NOOP("form")},
        {"gred", QT_TR_NOOP("gred")},
        {"contributor", QT_TR_NOOP("contributor")},
        {"last_arrivals", QT_TR_NOOP("last arrivals")},
        {"last_share", QT_TR_NOOP("share of the gred's calls")},
        {"on_path", QT_TR_NOOP("on the imbalance path")},
        {"direction", QT_TR_NOOP("direction")},
        {"position", QT_TR_NOOP("position")},
        {"calls", QT_TR_NOOP("calls")},
        {"wrapper", QT_TR_NOOP("gred or collector")},
        {"measure", QT_TR_NOOP("measure")},
        {"count", QT_TR_NOOP("count")},
        {"mean_ns", QT_TR_NOOP("mean")},
        {"window_median_ns", QT_TR_NOOP("window median")},
        {"min_ns", QT_TR_NOOP("min")},
        {"max_ns", QT_TR_NOOP("max")},
        {"stddev_ns", QT_TR_NOOP("stddev")},
    };
    for (const auto& [name, text] : kTitles) {
        if (column == name) {
            return tr(text);
        }
    }
    return QString::fromStdString(column);
}

QVariant MonitorTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole || orientation != Qt::Horizontal || section < 0 ||
        section >= columnCount()) {
        return TableModel::headerData(section, orientation, role);
    }
    return title(table().columns[static_cast<size_t>(section)]);
}

} // namespace xylem::views
