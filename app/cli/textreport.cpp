#include "app/cli/textreport.h"

#include "app/cli/durationformat.h"
#include "app/cli/texttable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace xylem::cli {

namespace {

std::string statsLine(const Stats& s)
{
    return "mean " + formatDuration(s.mean) + ", median " + formatDuration(s.median) + ", p90 " +
           formatDuration(s.p90) + ", p99 " + formatDuration(s.p99) + ", p99.9 " +
           formatDuration(s.p999) + ", min " + formatDuration(s.min) + ", max " +
           formatDuration(s.max) + ", stddev " + formatDuration(s.stddev);
}

std::string joinIds(const AnalysisReport& r, const std::vector<int>& wrappers,
                    const char* separator)
{
    std::string text;
    for (int w : wrappers) {
        text += (text.empty() ? "" : separator) + r.idOf(w);
    }
    return text;
}

void printImbalance(std::ostream& out, const AnalysisReport& r)
{
    out << "\nImbalance path (most last arrivals at every gred): "
        << joinIds(r, r.imbalancePath, " > ") << '\n';
    std::vector<const ThreadReport*> threads;
    for (const ThreadReport& t : r.threads) {
        threads.push_back(&t);
    }
    std::stable_sort(threads.begin(), threads.end(),
                     [](const ThreadReport* a, const ThreadReport* b) {
                         return a->criticalArrivals > b->criticalArrivals;
                     });
    TextTable table(
        {"thread", "critical arrivals", "slowest share", "call time: mean", "p90", "p99", "p99.9"});
    for (size_t i = 0; i < threads.size() && i < 8; ++i) {
        const ThreadReport& t = *threads[i];
        table.add({r.idOf(t.wrapper),
                   std::to_string(t.criticalArrivals) + " of " + std::to_string(r.calls),
                   formatShare(t.slowestShare), formatDuration(t.callTime.mean),
                   formatDuration(t.callTime.p90), formatDuration(t.callTime.p99),
                   formatDuration(t.callTime.p999)});
    }
    table.print(out);
}

void printHotspots(std::ostream& out, const AnalysisReport& r, size_t top)
{
    out << "\nHotspots (class representatives, arrival wait left out):\n";
    TextTable table({"#", "stage", "wrapper", "thread", "mean"});
    for (size_t i = 0; i < r.hotspots.size() && i < top; ++i) {
        const Hotspot& h = r.hotspots[i];
        table.add({std::to_string(i + 1), std::string(toString(h.stage)), r.idOf(h.wrapper),
                   r.idOf(h.thread), formatDuration(h.meanNs)});
    }
    table.print(out);
}

void printGreds(std::ostream& out, const AnalysisReport& r)
{
    for (const GredReport& g : r.greds) {
        out << "\nGred " << r.idOf(g.wrapper) << ": down latency "
            << formatDuration(g.downLatency.mean) << ", up latency "
            << formatDuration(g.upLatency.mean) << " (means)\n";
        TextTable table(
            {"contributor", "last arrivals", "arrival wait", "departure wait", "total latency"});
        for (const ContributorReport& c : g.contributors) {
            table.add({r.idOf(c.wrapper), std::to_string(c.lastArrivals),
                       formatDuration(c.arrivalWait.mean), formatDuration(c.departureWait.mean),
                       formatDuration(c.totalLatency.mean)});
        }
        table.print(out);
    }
}

void printProxiesAndCores(std::ostream& out, const AnalysisReport& r)
{
    for (const ProxyReport& p : r.proxies) {
        out << "Proxy " << r.idOf(p.wrapper) << " two-way latency: " << statsLine(p.twoWayLatency)
            << '\n';
    }
    for (const CoreReport& c : r.cores) {
        out << "Core " << r.idOf(c.wrapper) << " store latency: " << statsLine(c.storeLatency)
            << '\n';
    }
}

void printClasses(std::ostream& out, const AnalysisReport& r)
{
    out << "\nClasses (threads with the same path):\n";
    for (const ThreadClass& c : r.classes) {
        out << "  " << c.signature << ": " << c.threads.size() << " thread"
            << (c.threads.size() == 1 ? "" : "s") << ", representative " << r.idOf(c.representative)
            << " (" << joinIds(r, c.threads, ", ") << ")\n";
    }
}

std::string optionalDuration(const std::optional<double>& v)
{
    return v ? formatDuration(*v) : "-";
}

std::string gridText(const WaitSeverity& s)
{
    return s.waitNs > 0
               ? formatDuration(static_cast<double>(s.gridNs)) + " (" +
                     formatShare(static_cast<double>(s.gridNs) / static_cast<double>(s.waitNs)) +
                     ")"
               : "-";
}

void printWaitRanks(std::ostream& out, const WaitStateReport& w)
{
    std::vector<std::string> header{"rank"};
    for (const PatternSeverity& p : w.patterns) {
        header.emplace_back(waitPatternName(p.pattern));
    }
    TextTable ranks(std::move(header));
    for (size_t r = 0; r < w.patterns.front().perRank.size(); ++r) {
        std::vector<std::string> row{std::to_string(r)};
        for (const PatternSeverity& p : w.patterns) {
            row.push_back(formatDuration(static_cast<double>(p.perRank[r].waitNs)));
        }
        ranks.add(std::move(row));
    }
    out << "\n  Waiting per rank:\n";
    ranks.print(out, "    ");
}

void printWaitCallSites(std::ostream& out, const WaitStateReport& w)
{
    TextTable sites({"pattern", "call site", "communicator", "waiting", "grid part"});
    for (const PatternSeverity& p : w.patterns) {
        for (const CallSiteSeverity& c : p.perCallSite) {
            sites.add({std::string(waitPatternName(p.pattern)), std::string(mpiCallName(c.call)),
                       std::to_string(c.communicator),
                       formatDuration(static_cast<double>(c.severity.waitNs)),
                       gridText(c.severity)});
        }
    }
    out << "\n  Per call site (MPI function and communicator; no return addresses are "
           "recorded):\n";
    sites.print(out, "    ");
}

void printWaitCommunicators(std::ostream& out, const WaitStateReport& w)
{
    TextTable comms({"pattern", "communicator", "waiting", "calls that waited", "grid part"});
    for (const PatternSeverity& p : w.patterns) {
        for (const CommunicatorSeverity& c : p.perCommunicator) {
            comms.add({std::string(waitPatternName(p.pattern)), std::to_string(c.communicator),
                       formatDuration(static_cast<double>(c.severity.waitNs)),
                       std::to_string(c.severity.waits), gridText(c.severity)});
        }
    }
    out << "\n  Per communicator:\n";
    comms.print(out, "    ");
}

// The speedup's bootstrap interval and what it says (metrics.md §9).
void printInterval(std::ostream& out, const Comparison& c)
{
    if (!c.interval) {
        out << "95 % interval: - (the calls' operation times are not known)\n";
        return;
    }
    const SpeedupInterval& i = *c.interval;
    out << std::lround(i.confidence * 100) << " % interval: " << formatRatio(i.lower) << " to "
        << formatRatio(i.upper) << " (bootstrap, " << i.resamples << " resamples, seed " << i.seed
        << "): "
        << (i.noSignificantDifference() ? "no significant difference"
            : i.lower > 1               ? "B is significantly faster"
                                        : "A is significantly faster")
        << '\n';
}

// "#812 4.10 ms at 1.23 s, ...": seq, value and start since the run's first down.
std::string callList(const std::vector<OutlierCall>& calls, size_t shown)
{
    std::string text;
    for (size_t i = 0; i < calls.size() && i < shown; ++i) {
        text += (text.empty() ? "#" : ", #") + std::to_string(calls[i].seq) + " " +
                formatDuration(calls[i].valueNs) + " at " +
                formatDuration(static_cast<double>(calls[i].startNs));
    }
    return text.empty() ? "-" : text;
}

} // namespace

void printOutliers(std::ostream& out, const Outliers& o, size_t shown)
{
    out << "\nSlowest calls (#seq, value, start since the run's first down):\n";
    out << "  operation time: " << callList(o.operationTime, shown) << '\n';
    std::vector<const ThreadOutliers*> threads;
    for (const ThreadOutliers& t : o.callTime) {
        if (!t.calls.empty()) {
            threads.push_back(&t);
        }
    }
    std::stable_sort(threads.begin(), threads.end(),
                     [](const ThreadOutliers* a, const ThreadOutliers* b) {
                         return a->calls.front().valueNs > b->calls.front().valueNs;
                     });
    TextTable calls({"thread", "slowest call times"});
    for (size_t i = 0; i < threads.size() && i < 8; ++i) {
        calls.add({threads[i]->thread, callList(threads[i]->calls, shown)});
    }
    calls.print(out);
    out << "\nSlowest calls per stage of " << o.stagesOf << ":\n";
    TextTable stages({"stage", "wrapper", "direction", "slowest calls"});
    for (const StageOutliers& s : o.stages) {
        stages.add({std::string(toString(s.stage)), s.wrapper, std::string(toString(s.direction)),
                    callList(s.calls, shown)});
    }
    stages.print(out);
}

void printWaitStates(std::ostream& out, const WaitStateReport& w)
{
    out << "\nWait states (Scalasca patterns): " << w.collectiveInstances
        << " collective instances, " << w.incompleteInstances << " incomplete (left out); "
        << w.unmatchedSends << " unmatched sends, " << w.unmatchedReceives
        << " unmatched receives; time in MPI " << formatDuration(static_cast<double>(w.mpiTimeNs))
        << '\n';
    TextTable table({"pattern", "waiting", "share of MPI time", "grid part", "main cause"});
    for (const PatternSeverity& p : w.patterns) {
        table.add({std::string(waitPatternName(p.pattern)),
                   formatDuration(static_cast<double>(p.total.waitNs)),
                   formatShare(p.shareOfMpiTime), gridText(p.total),
                   p.mainCause >= 0 ? "rank " + std::to_string(p.mainCause) : "-"});
    }
    table.print(out);
    printWaitRanks(out, w);
    printWaitCommunicators(out, w);
    printWaitCallSites(out, w);
}

void printReport(std::ostream& out, const AnalysisReport& r, const TextOptions& options)
{
    out << "Run \"" << r.configuration->name() << "\": " << r.calls << " calls analysed, "
        << r.incompleteCalls << " incomplete left out\n";
    if (r.calls == 0) {
        out << "No complete call: every call misses at least one collector's tuple.\n";
        return;
    }
    out << "Operation time:      " << statsLine(r.operationTime) << '\n';
    out << "Slowest-thread time: " << statsLine(r.slowestThreadTime) << '\n';
    printImbalance(out, r);
    printHotspots(out, r, options.topHotspots);
    printGreds(out, r);
    if (!r.proxies.empty() || !r.cores.empty()) {
        out << '\n';
    }
    printProxiesAndCores(out, r);
    printClasses(out, r);
}

void printComparison(std::ostream& out, const Comparison& c)
{
    TextTable runs({"run", "name", "calls", "mean operation time", "mean slowest-thread time",
                    "thread compared"});
    runs.add({"A", c.a.name, std::to_string(c.a.calls), formatDuration(c.a.meanOperationTime),
              formatDuration(c.a.meanSlowestThreadTime), c.a.thread});
    runs.add({"B", c.b.name, std::to_string(c.b.calls), formatDuration(c.b.meanOperationTime),
              formatDuration(c.b.meanSlowestThreadTime), c.b.thread});
    runs.print(out);
    out << "\nSpeedup (mean operation time A / B): " << formatRatio(c.speedup)
        << (c.speedup > 1   ? "  (B is faster)"
            : c.speedup < 1 ? "  (A is faster)"
                            : "")
        << '\n';
    printInterval(out, c);
    out << "\nStages of " << c.a.thread << " (A) and " << c.b.thread << " (B):\n";
    TextTable stages({"stage", "wrapper", "direction", "A mean", "B mean", "B - A"});
    for (const StageComparison& s : c.stages) {
        stages.add({std::string(toString(s.stage)), s.wrapper, std::string(toString(s.direction)),
                    optionalDuration(s.meanA), optionalDuration(s.meanB),
                    optionalDuration(s.difference())});
    }
    stages.print(out);
    out << "\nSlowest share (fraction of calls in which the thread was slowest):\n";
    for (const RunSide* side : {&c.a, &c.b}) {
        std::string line;
        for (const auto& [thread, share] : side->slowestShare) {
            line += (line.empty() ? "" : ", ") + thread + " " + formatShare(share);
        }
        out << "  " << (side == &c.a ? "A: " : "B: ") << line << '\n';
    }
}

} // namespace xylem::cli
