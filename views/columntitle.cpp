#include "views/columntitle.h"

#include <QCoreApplication>

#include <array>
#include <string_view>
#include <utility>

namespace xylem::views {

namespace {

using Title = std::pair<std::string_view, const char*>;

// Whole column names and the measures that statistics columns start with.
constexpr std::array kNames = {
    Title{"thread", QT_TRANSLATE_NOOP("ColumnTitle", "thread")},
    Title{"host", QT_TRANSLATE_NOOP("ColumnTitle", "host")},
    Title{"class", QT_TRANSLATE_NOOP("ColumnTitle", "class")},
    Title{"critical_arrivals", QT_TRANSLATE_NOOP("ColumnTitle", "critical arrivals")},
    Title{"slowest_share", QT_TRANSLATE_NOOP("ColumnTitle", "slowest share")},
    Title{"a_slowest_share", QT_TRANSLATE_NOOP("ColumnTitle", "A: slowest share")},
    Title{"b_slowest_share", QT_TRANSLATE_NOOP("ColumnTitle", "B: slowest share")},
    Title{"gred", QT_TRANSLATE_NOOP("ColumnTitle", "gred")},
    Title{"contributor", QT_TRANSLATE_NOOP("ColumnTitle", "contributor")},
    Title{"last_arrivals", QT_TRANSLATE_NOOP("ColumnTitle", "last arrivals")},
    Title{"arrival_order", QT_TRANSLATE_NOOP("ColumnTitle", "arrival order")},
    Title{"departure_order", QT_TRANSLATE_NOOP("ColumnTitle", "departure order")},
    Title{"wrapper", QT_TRANSLATE_NOOP("ColumnTitle", "wrapper")},
    Title{"kind", QT_TRANSLATE_NOOP("ColumnTitle", "kind")},
    Title{"metric", QT_TRANSLATE_NOOP("ColumnTitle", "metric")},
    Title{"rank", QT_TRANSLATE_NOOP("ColumnTitle", "rank")},
    Title{"stage", QT_TRANSLATE_NOOP("ColumnTitle", "stage")},
    Title{"position", QT_TRANSLATE_NOOP("ColumnTitle", "position")},
    Title{"direction", QT_TRANSLATE_NOOP("ColumnTitle", "direction")},
    Title{"depth", QT_TRANSLATE_NOOP("ColumnTitle", "depth")},
    Title{"mean", QT_TRANSLATE_NOOP("ColumnTitle", "mean")},
    Title{"threads", QT_TRANSLATE_NOOP("ColumnTitle", "threads")},
    Title{"representative", QT_TRANSLATE_NOOP("ColumnTitle", "representative")},
    Title{"members", QT_TRANSLATE_NOOP("ColumnTitle", "members")},
    Title{"call_time", QT_TRANSLATE_NOOP("ColumnTitle", "call time")},
    Title{"arrival_wait", QT_TRANSLATE_NOOP("ColumnTitle", "arrival wait")},
    Title{"departure_wait", QT_TRANSLATE_NOOP("ColumnTitle", "departure wait")},
    Title{"total_latency", QT_TRANSLATE_NOOP("ColumnTitle", "total latency")},
    Title{"value", QT_TRANSLATE_NOOP("ColumnTitle", "value")},
    Title{"what", QT_TRANSLATE_NOOP("ColumnTitle", "what")},
    Title{"of", QT_TRANSLATE_NOOP("ColumnTitle", "of")},
    Title{"seq", QT_TRANSLATE_NOOP("ColumnTitle", "call #")},
    Title{"start", QT_TRANSLATE_NOOP("ColumnTitle", "start")},
};

constexpr std::array kStatistics = {
    Title{"count", QT_TRANSLATE_NOOP("ColumnTitle", "count")},
    Title{"mean", QT_TRANSLATE_NOOP("ColumnTitle", "mean")},
    Title{"median", QT_TRANSLATE_NOOP("ColumnTitle", "median")},
    Title{"p90", QT_TRANSLATE_NOOP("ColumnTitle", "p90")},
    Title{"p99", QT_TRANSLATE_NOOP("ColumnTitle", "p99")},
    Title{"p999", QT_TRANSLATE_NOOP("ColumnTitle", "p99.9")},
    Title{"min", QT_TRANSLATE_NOOP("ColumnTitle", "min")},
    Title{"max", QT_TRANSLATE_NOOP("ColumnTitle", "max")},
    Title{"stddev", QT_TRANSLATE_NOOP("ColumnTitle", "stddev")},
};

const char* lookUp(std::string_view name, const auto& titles)
{
    for (const auto& [key, title] : titles) {
        if (key == name) {
            return title;
        }
    }
    return nullptr;
}

QString translated(const char* title)
{
    return QCoreApplication::translate("ColumnTitle", title);
}

} // namespace

QString columnTitle(const std::string& column)
{
    std::string_view name = column;
    if (name.ends_with("_ns")) {
        name.remove_suffix(3); // units are shown in the cells
    }
    if (const char* whole = lookUp(name, kNames)) {
        return translated(whole);
    }
    const auto split = name.rfind('_');
    if (split != std::string_view::npos) {
        const char* measure = lookUp(name.substr(0, split), kNames);
        const char* statistic = lookUp(name.substr(split + 1), kStatistics);
        if (measure && statistic) {
            //: a table column: a measure and a statistic of it, e.g. "call time mean"
            return QCoreApplication::translate("ColumnTitle", "%1 %2")
                .arg(translated(measure), translated(statistic));
        }
    }
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()))
        .replace(QLatin1Char('_'), QLatin1Char(' '));
}

} // namespace xylem::views
