#include "core/analysis/reporttables.h"

#include "core/analysis/outliers.h"
#include "core/analysis/stage.h"

#include <array>
#include <string>

namespace xylem {

namespace {

void addStatsColumns(std::vector<std::string>& columns, const std::string& prefix)
{
    for (const char* s : {"count", "mean_ns", "median_ns", "p90_ns", "p99_ns", "p999_ns", "min_ns",
                          "max_ns", "stddev_ns"}) {
        columns.push_back(prefix + "_" + s);
    }
}

void addStats(std::vector<Cell>& row, const Stats& s)
{
    row.emplace_back(s.count);
    for (double v : {s.mean, s.median, s.p90, s.p99, s.p999, s.min, s.max, s.stddev}) {
        row.emplace_back(v);
    }
}

std::string joined(const std::vector<std::int64_t>& counts)
{
    std::string text;
    for (std::int64_t c : counts) {
        text += (text.empty() ? "" : " ") + std::to_string(c);
    }
    return text;
}

} // namespace

Table threadsTable(const AnalysisReport& r)
{
    Table t{"threads", {"thread", "host", "class"}, {}};
    addStatsColumns(t.columns, "call_time");
    t.columns.insert(t.columns.end(), {"critical_arrivals", "slowest_share"});
    for (const ThreadReport& th : r.threads) {
        std::vector<Cell> row{r.idOf(th.wrapper), r.configuration->wrapper(th.wrapper).host,
                              th.signature};
        addStats(row, th.callTime);
        row.emplace_back(th.criticalArrivals);
        row.emplace_back(th.slowestShare);
        t.rows.push_back(std::move(row));
    }
    return t;
}

Table contributorsTable(const AnalysisReport& r)
{
    Table t{"contributors", {"gred", "contributor"}, {}};
    addStatsColumns(t.columns, "arrival_wait");
    addStatsColumns(t.columns, "departure_wait");
    addStatsColumns(t.columns, "total_latency");
    t.columns.insert(t.columns.end(), {"last_arrivals", "arrival_order", "departure_order"});
    for (const GredReport& g : r.greds) {
        for (const ContributorReport& c : g.contributors) {
            std::vector<Cell> row{r.idOf(g.wrapper), r.idOf(c.wrapper)};
            addStats(row, c.arrivalWait);
            addStats(row, c.departureWait);
            addStats(row, c.totalLatency);
            row.emplace_back(c.lastArrivals);
            row.emplace_back(joined(c.arrivalOrder));
            row.emplace_back(joined(c.departureOrder));
            t.rows.push_back(std::move(row));
        }
    }
    return t;
}

Table wrappersTable(const AnalysisReport& r)
{
    Table t{"wrappers", {"wrapper", "kind", "host", "metric"}, {}};
    addStatsColumns(t.columns, "value");
    const auto add = [&](int w, const char* metric, const Stats& s) {
        const Wrapper& wrapper = r.configuration->wrapper(w);
        std::vector<Cell> row{wrapper.id, std::string(toString(wrapper.kind)), wrapper.host,
                              std::string(metric)};
        addStats(row, s);
        t.rows.push_back(std::move(row));
    };
    for (const GredReport& g : r.greds) {
        add(g.wrapper, "down latency", g.downLatency);
        add(g.wrapper, "up latency", g.upLatency);
    }
    for (const ProxyReport& p : r.proxies) {
        add(p.wrapper, "two-way latency", p.twoWayLatency);
    }
    for (const CoreReport& c : r.cores) {
        add(c.wrapper, "store latency", c.storeLatency);
    }
    return t;
}

Table hotspotsTable(const AnalysisReport& r)
{
    Table t{"hotspots", {"rank", "stage", "wrapper", "thread", "mean_ns"}, {}};
    for (size_t i = 0; i < r.hotspots.size(); ++i) {
        const Hotspot& h = r.hotspots[i];
        t.rows.push_back({static_cast<std::int64_t>(i + 1), std::string(toString(h.stage)),
                          r.idOf(h.wrapper), r.idOf(h.thread), h.meanNs});
    }
    return t;
}

Table timemapTable(const AnalysisReport& r)
{
    Table t{
        "timemap", {"thread", "position", "stage", "wrapper", "direction", "depth", "mean_ns"}, {}};
    for (const ThreadReport& th : r.threads) {
        for (size_t i = 0; i < th.timemap.size(); ++i) {
            const TimemapStage& s = th.timemap[i];
            t.rows.push_back({r.idOf(th.wrapper), static_cast<std::int64_t>(i),
                              std::string(toString(s.stage)), r.idOf(s.wrapper),
                              std::string(toString(s.direction)),
                              static_cast<std::int64_t>(s.depth), s.meanNs});
        }
    }
    return t;
}

Table classesTable(const AnalysisReport& r)
{
    Table t{"classes", {"class", "threads", "representative", "members"}, {}};
    for (const ThreadClass& c : r.classes) {
        std::string members;
        for (int w : c.threads) {
            members += (members.empty() ? "" : " ") + r.idOf(w);
        }
        t.rows.push_back({c.signature, static_cast<std::int64_t>(c.threads.size()),
                          r.idOf(c.representative), members});
    }
    return t;
}

Table outlierTable(const Outliers& o)
{
    Table t{
        std::string(kSlowestCallsTable), {"what", "of", "rank", "seq", "value_ns", "start_ns"}, {}};
    const auto add = [&](const std::string& what, const std::string& of,
                         const std::vector<OutlierCall>& calls) {
        for (size_t i = 0; i < calls.size(); ++i) {
            t.rows.push_back({what, of, static_cast<std::int64_t>(i + 1), calls[i].seq,
                              calls[i].valueNs, static_cast<double>(calls[i].startNs)});
        }
    };
    add("operation time", "", o.operationTime);
    for (const ThreadOutliers& th : o.callTime) {
        add("call time", th.thread, th.calls);
    }
    for (const StageOutliers& s : o.stages) {
        add("stage " + std::string(toString(s.stage)) + " (" + std::string(toString(s.direction)) +
                ")",
            s.wrapper, s.calls);
    }
    return t;
}

namespace {
using TableMaker = Table (*)(const AnalysisReport&);
constexpr std::array<std::pair<std::string_view, TableMaker>, 6> kTables{{
    {"threads", threadsTable},
    {"contributors", contributorsTable},
    {"wrappers", wrappersTable},
    {"hotspots", hotspotsTable},
    {"timemap", timemapTable},
    {"classes", classesTable},
}};
} // namespace

std::vector<std::string_view> reportTableNames()
{
    std::vector<std::string_view> names;
    for (const auto& [name, maker] : kTables) {
        names.push_back(name);
    }
    return names;
}

bool makeReportTable(const AnalysisReport& report, std::string_view name, Table& out)
{
    for (const auto& [tableName, maker] : kTables) {
        if (tableName == name) {
            out = maker(report);
            return true;
        }
    }
    return false;
}

} // namespace xylem
