#include "core/store/monitortables.h"

#include <algorithm>

namespace xylem::store {

namespace {

Cell optional(const std::optional<double>& v)
{
    return v ? Cell(*v) : Cell();
}

Cell count(std::uint64_t v)
{
    return Cell(static_cast<std::int64_t>(v));
}

// Whether gred > child is an edge of the path (root first).
bool onPath(const std::vector<std::string>& path, const std::string& gred, const std::string& child)
{
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        if (path[i] == gred) {
            // Proxies and cores between the gred and its child are passed through: the child
            // is on the path below the gred.
            return std::find(path.begin() + static_cast<std::ptrdiff_t>(i) + 1, path.end(),
                             child) != path.end();
        }
    }
    return false;
}

} // namespace

std::string measureName(const std::string& measure)
{
    std::string name = measure;
    std::replace(name.begin(), name.end(), '_', ' ');
    return name;
}

Table collectorTable(const StoredAccounting& a)
{
    Table t{
        "collectors", {"host", "rings", "written", "read", "overwritten", "gather_rate_pct"}, {}};
    for (const CollectorCounts& c : a.collectors) {
        t.rows.push_back({c.host, Cell(static_cast<std::int64_t>(c.rings)), count(c.written),
                          count(c.read), count(c.overwritten), Cell(c.gatherRatePct())});
    }
    return t;
}

Table episodeTable(const StoredAccounting& a)
{
    Table t{
        "episodes", {"episode", "role", "host", "node", "from_s", "to_s", "reason", "back"}, {}};
    for (const NodeEpisode& e : a.episodes) {
        t.rows.push_back({std::string(e.lost ? "lost" : "slow"), e.role, e.host,
                          Cell(static_cast<std::int64_t>(e.node)), Cell(e.fromS), optional(e.toS),
                          e.reason, e.backReason});
    }
    return t;
}

Table lastArrivalTable(const MonitorResults& m)
{
    Table t{"last_arrivals",
            {"form", "gred", "contributor", "last_arrivals", "last_share", "on_path"},
            {}};
    for (const LoadBalanceForm& f : m.loadBalance) {
        for (const GredArrivals& g : f.greds) {
            std::int64_t calls = 0;
            for (const ChildArrivals& c : g.children) {
                calls += c.lastArrivals;
            }
            for (const ChildArrivals& c : g.children) {
                t.rows.push_back(
                    {f.form, g.gred, c.child, Cell(c.lastArrivals),
                     calls > 0
                         ? Cell(static_cast<double>(c.lastArrivals) / static_cast<double>(calls))
                         : Cell(),
                     std::string(onPath(f.imbalancePath, g.gred, c.child) ? "yes" : "")});
            }
        }
    }
    return t;
}

Table orderTable(const MonitorResults& m)
{
    Table t{"order_counts", {"form", "gred", "contributor", "direction", "position", "calls"}, {}};
    for (const LoadBalanceForm& f : m.loadBalance) {
        for (const OrderCounts& o : f.orders) {
            for (const auto& [direction, counts] :
                 {std::pair{"arrival", &o.arrival}, std::pair{"departure", &o.departure}}) {
                for (size_t r = 0; r < counts->size(); ++r) {
                    t.rows.push_back({f.form, o.gred, o.child, std::string(direction),
                                      Cell(static_cast<std::int64_t>(r)), Cell((*counts)[r])});
                }
            }
        }
    }
    return t;
}

Table statisticsTable(const MonitorResults& m)
{
    Table t{"statistics",
            {"host", "wrapper", "contributor", "measure", "count", "mean_ns", "window_median_ns",
             "min_ns", "max_ns", "stddev_ns"},
            {}};
    for (const HostStatistics& h : m.statistics) {
        for (const StatisticsEntry& e : h.entries) {
            const MonitorStats& s = e.stats;
            t.rows.push_back({h.host, e.wrapper, e.contributor, measureName(e.measure),
                              Cell(s.count), optional(s.mean), optional(s.windowMedian),
                              optional(s.min), optional(s.max), optional(s.stddev)});
        }
    }
    return t;
}

} // namespace xylem::store
