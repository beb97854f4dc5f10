#include "app/cli/monitorsection.h"

#include "app/cli/durationformat.h"
#include "app/cli/texttable.h"
#include "core/analysis/slidingwindowmedian.h"
#include "core/store/monitortables.h"

#include <cstdio>

namespace xylem::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

bool endsWith(const std::string& text, const std::string& end)
{
    return text.size() >= end.size() &&
           text.compare(text.size() - end.size(), end.size(), end) == 0;
}

std::string cellText(const std::string& column, const Cell& cell)
{
    if (const auto* d = std::get_if<double>(&cell)) {
        if (endsWith(column, "_ns")) {
            return formatDuration(*d);
        }
        if (endsWith(column, "_pct")) {
            return fixed(*d, 3) + " %";
        }
        if (endsWith(column, "_share")) {
            return formatShare(*d);
        }
        return endsWith(column, "_s") ? fixed(*d, 1) + " s" : fixed(*d, 3);
    }
    if (const auto* i = std::get_if<std::int64_t>(&cell)) {
        return std::to_string(*i);
    }
    if (const auto* s = std::get_if<std::string>(&cell)) {
        return s->empty() ? "-" : *s;
    }
    return "-";
}

std::string header(std::string column)
{
    for (const char* unit : {"_ns", "_pct", "_s"}) {
        if (endsWith(column, unit)) {
            column.resize(column.size() - std::string(unit).size());
            break;
        }
    }
    for (char& c : column) {
        c = c == '_' ? ' ' : c;
    }
    return column;
}

void printTable(std::ostream& out, const Table& table, const std::string& indent)
{
    std::vector<std::string> head;
    for (const std::string& c : table.columns) {
        head.push_back(header(c));
    }
    TextTable text(std::move(head));
    for (const auto& row : table.rows) {
        std::vector<std::string> cells;
        for (size_t i = 0; i < row.size(); ++i) {
            cells.push_back(cellText(table.columns[i], row[i]));
        }
        text.add(std::move(cells));
    }
    text.print(out, indent);
}

Json cellJson(const Cell& cell)
{
    if (const auto* d = std::get_if<double>(&cell)) {
        return *d;
    }
    if (const auto* i = std::get_if<std::int64_t>(&cell)) {
        return *i;
    }
    if (const auto* s = std::get_if<std::string>(&cell)) {
        return *s;
    }
    return nullptr;
}

Json rowsJson(const Table& table)
{
    Json rows = Json::array();
    for (const auto& row : table.rows) {
        Json r = Json::object();
        for (size_t i = 0; i < row.size(); ++i) {
            r[table.columns[i]] = cellJson(row[i]);
        }
        rows.push_back(std::move(r));
    }
    return rows;
}

std::string gatherRate(const store::StoredAccounting& a)
{
    if (!a.gatherRatePct) {
        return "none (collectors only)";
    }
    return fixed(*a.gatherRatePct, 3) + " %" +
           (a.gatherRateComplete ? ""
                                 : " of what was counted (lost collectors' counts stop there)");
}

std::string episodeLine(const store::NodeEpisode& e)
{
    std::string text = std::string(e.lost ? "lost " : "slow ") + e.role + " " + e.host + " (node " +
                       std::to_string(e.node) + ") " +
                       (e.toS    ? "from "
                        : e.lost ? "at "
                                 : "since ") +
                       fixed(e.fromS, 1) + " s" + (e.toS ? " to " + fixed(*e.toS, 1) + " s" : "");
    text += e.reason.empty() ? "" : ": " + e.reason;
    return text + (e.backReason.empty() ? "" : "; " + e.backReason);
}

void printAccounting(std::ostream& out, const store::StoredAccounting& a)
{
    out << "  gathered: " << a.tuples << " tuples in " << fixed(a.seconds, 1) << " s ("
        << fixed(a.tuplesPerSecond, 0) << " tuples/s), " << a.waves << " waves, " << a.rings
        << " rings; gather rate " << gatherRate(a) << " (" << a.overwritten << " overwritten of "
        << a.written << " written, " << a.read << " read); mean delay "
        << formatDuration(a.meanDelayMs * 1e6) << "\n";
    out << "  losses: " << a.overwritten << " tuples overwritten, " << a.invalidTuples
        << " invalid, " << a.systemSamplesLost << " system samples lost; " << a.episodes.size()
        << " node episode" << (a.episodes.size() == 1 ? "" : "s") << " (lost or slow)";
    if (a.episodesNotListed > 0) {
        out << ", " << a.episodesNotListed << " more not listed";
    }
    out << "\n";
    for (const store::NodeEpisode& e : a.episodes) {
        out << "    " << episodeLine(e) << "\n";
    }
    if (a.slowdownPct) {
        out << "  slowdown: " << fixed(*a.slowdownPct, 2) << " % (" << fixed(*a.recordedUs, 2)
            << " us per iteration recorded, " << fixed(*a.baselineUs, 2)
            << " without collectors)\n";
    }
    if (!a.collectors.empty()) {
        out << "  per collector:\n";
        printTable(out, store::collectorTable(a), "    ");
    }
}

std::string pathText(const std::vector<std::string>& path)
{
    std::string text;
    for (const std::string& id : path) {
        text += (text.empty() ? "" : " > ") + id;
    }
    return text.empty() ? "(no complete call)" : text;
}

void printResults(std::ostream& out, const store::MonitorResults& m)
{
    for (const store::LoadBalanceForm& f : m.loadBalance) {
        out << "  load balance (" << f.form << "): imbalance path " << pathText(f.imbalancePath)
            << "\n";
        store::MonitorResults one;
        one.loadBalance.push_back(f);
        printTable(out, store::lastArrivalTable(one), "    ");
        if (!f.orders.empty()) {
            printTable(out, store::orderTable(one), "    ");
        }
    }
    if (!m.statistics.empty()) {
        out << "  statistics (window median: of the last " << kDefaultMedianWindow
            << " values); calls per host:";
        for (const store::HostStatistics& h : m.statistics) {
            out << " " << h.host << " " << h.calls;
        }
        out << "\n";
        printTable(out, store::statisticsTable(m), "    ");
    }
}

Json accountingJson(const store::StoredAccounting& a)
{
    Json j{{"tuples", a.tuples},           {"waves", a.waves},
           {"seconds", a.seconds},         {"tuples_per_s", a.tuplesPerSecond},
           {"written", a.written},         {"read", a.read},
           {"overwritten", a.overwritten}, {"rings", a.rings}};
    j["gather_rate_pct"] = a.gatherRatePct ? Json(*a.gatherRatePct) : Json();
    j["gather_rate_complete"] = a.gatherRateComplete;
    j["mean_delay_ms"] = a.meanDelayMs;
    j["invalid_tuples"] = a.invalidTuples;
    j["system_samples"] = a.systemSamples;
    j["system_samples_lost"] = a.systemSamplesLost;
    j["slowdown_pct"] = a.slowdownPct ? Json(*a.slowdownPct) : Json();
    j["collectors"] = rowsJson(store::collectorTable(a));
    j["episodes"] = rowsJson(store::episodeTable(a));
    j["episodes_not_listed"] = a.episodesNotListed;
    return j;
}

void resultsJson(const store::MonitorResults& m, Json& into)
{
    into["load_balance"] = Json::array();
    for (const store::LoadBalanceForm& f : m.loadBalance) {
        store::MonitorResults one;
        one.loadBalance.push_back(f);
        into["load_balance"].push_back({{"form", f.form},
                                        {"imbalance_path", f.imbalancePath},
                                        {"last_arrivals", rowsJson(store::lastArrivalTable(one))},
                                        {"order_counts", rowsJson(store::orderTable(one))}});
    }
    Json calls = Json::object();
    for (const store::HostStatistics& h : m.statistics) {
        calls[h.host] = h.calls;
    }
    into["statistics"] = {{"window", kDefaultMedianWindow},
                          {"calls", calls},
                          {"rows", rowsJson(store::statisticsTable(m))}};
}

} // namespace

bool RunMonitors::recorded() const
{
    return !accounting || !results || accounting.value() || results.value();
}

RunMonitors readRunMonitors(store::Session& session, std::int64_t run)
{
    return RunMonitors{run, store::storedAccounting(session, run),
                       store::storedMonitorResults(session, run)};
}

void printRunMonitors(std::ostream& out, const RunMonitors& m)
{
    out << "Monitors of run " << m.run << ":";
    if (!m.recorded()) {
        out << " not recorded (a live recording stores them with its run)\n";
        return;
    }
    out << "\n";
    if (!m.accounting) {
        out << "  cannot read the accounting: " << m.accounting.error().describe() << "\n";
    } else if (m.accounting.value()) {
        printAccounting(out, *m.accounting.value());
    } else {
        out << "  accounting: not recorded\n";
    }
    if (!m.results) {
        out << "  cannot read the monitor results: " << m.results.error().describe() << "\n";
    } else if (m.results.value()) {
        printResults(out, *m.results.value());
    } else {
        out << "  monitor results: not recorded\n";
    }
}

Json runMonitorsJson(const RunMonitors& m)
{
    Json j = Json::object();
    Json errors = Json::array();
    j["accounting"] = nullptr;
    j["load_balance"] = nullptr;
    j["statistics"] = nullptr;
    if (!m.accounting) {
        errors.push_back(m.accounting.error().describe());
    } else if (m.accounting.value()) {
        j["accounting"] = accountingJson(*m.accounting.value());
    }
    if (!m.results) {
        errors.push_back(m.results.error().describe());
    } else if (m.results.value()) {
        resultsJson(*m.results.value(), j);
    }
    if (!errors.empty()) {
        j["errors"] = std::move(errors);
    }
    return j;
}

} // namespace xylem::cli
