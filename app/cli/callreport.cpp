#include "app/cli/callreport.h"

#include "app/cli/durationformat.h"
#include "app/cli/sessioninput.h"
#include "app/cli/texttable.h"
#include "app/cli/windowoptions.h"
#include "core/analysis/calldetail.h"

#include <string>

namespace xylem::cli {

namespace {

std::string since(std::int64_t ns, std::int64_t start)
{
    const std::int64_t d = ns - start;
    return (d < 0 ? "-" : "+") + formatDuration(static_cast<double>(d < 0 ? -d : d));
}

std::string seqOr(const std::optional<std::int64_t>& seq, const std::vector<CallTimes>& calls)
{
    if (!seq) {
        return "none";
    }
    for (const CallTimes& c : calls) {
        if (c.seq == *seq) {
            return "#" + std::to_string(*seq) + " (" +
                   formatDuration(static_cast<double>(c.operationTime)) + ")";
        }
    }
    return "#" + std::to_string(*seq);
}

std::string ids(const Configuration& config, const std::vector<int>& wrappers,
                const char* separator)
{
    std::string text;
    for (const int w : wrappers) {
        text += (text.empty() ? "" : separator) + config.wrapper(w).id;
    }
    return text;
}

void printHead(std::ostream& o, const CallDetail& d, const CallNeighbours& n,
               const std::vector<CallTimes>& calls)
{
    const Configuration& c = *d.configuration;
    o << "Call #" << d.times.seq << " of \"" << c.name() << "\": operation time "
      << formatDuration(static_cast<double>(d.times.operationTime)) << ", slowest thread "
      << c.wrapper(d.slowestThread).id << " ("
      << formatDuration(static_cast<double>(d.times.slowestThreadTime)) << ")\n"
      << "Next slower call: " << seqOr(n.slower, calls)
      << "; next faster call: " << seqOr(n.faster, calls) << '\n'
      << "Last arrivals from the root: " << ids(c, d.lastArrivalPath, " > ") << "\n\n";
}

void printGreds(std::ostream& o, const CallDetail& d)
{
    const Configuration& c = *d.configuration;
    o << "Greds (times from the call's start)\n";
    TextTable table(
        {"gred", "arrivals, first to last", "last arrival", "at", "first departure", "at"});
    for (const CallGred& g : d.greds) {
        table.add({c.wrapper(g.wrapper).id, ids(c, g.arrivals, ", "), c.wrapper(g.lastArrival).id,
                   since(g.lastArrivalNs, d.times.startNs), c.wrapper(g.firstDeparture).id,
                   since(g.firstDepartureNs, d.times.startNs)});
    }
    table.print(o);
    o << '\n';
}

void printEdges(std::ostream& o, const CallDetail& d)
{
    const Configuration& c = *d.configuration;
    o << "Edges\n";
    TextTable table({"edge", "down", "up", "up - down"});
    for (const CallEdge& e : d.edges) {
        const Wrapper& w = c.wrapper(e.wrapper);
        table.add({w.id + " > " + c.wrapper(w.parent).id, since(e.downNs, d.times.startNs),
                   since(e.upNs, d.times.startNs),
                   formatDuration(static_cast<double>(e.upNs - e.downNs))});
    }
    table.print(o);
    o << '\n';
}

void printThreads(std::ostream& o, const CallDetail& d)
{
    const Configuration& c = *d.configuration;
    for (const CallThread& t : d.threads) {
        o << "Thread " << c.wrapper(t.wrapper).id << ": call time "
          << formatDuration(static_cast<double>(t.callTimeNs)) << '\n';
        TextTable table({"stage", "at", "from", "time"});
        for (const CallStageSpan& s : t.stages) {
            std::string time = formatDuration(static_cast<double>(s.endNs - s.startNs));
            if (s.estimate == StageEstimate::HalfTwoWay) {
                time += " (half the two-way latency: no clock model)";
            }
            table.add({std::string(toString(s.stage)), c.wrapper(s.wrapper).id,
                       since(s.startNs, d.times.startNs), time});
        }
        table.print(o);
    }
}

} // namespace

Result<Ok> printCall(const Arguments& args, std::int64_t seq, std::ostream& out, std::ostream& note)
{
    XYLEM_TRY(window, windowFromArguments(args));
    XYLEM_TRY(run, runFromArguments(args, note));
    XYLEM_TRY(clocks, clockCoverageFromArguments(args, note));
    std::vector<Tuple> tuples = std::move(run->tuples);
    if (!window->isWholeRun()) {
        XYLEM_TRY(cut, cutToWindow(tuples, window.value()));
        tuples = std::move(cut->tuples);
        out << "window: " << describe(window.value()) << '\n';
    }
    XYLEM_TRY(detail, callDetail(run->configuration, tuples, seq, clocks.value()));
    const std::vector<CallTimes> calls = completeCallTimes(run->configuration, tuples);
    XYLEM_TRY(neighbours, callNeighbours(calls, seq));
    printHead(out, detail.value(), neighbours.value(), calls);
    printGreds(out, detail.value());
    printEdges(out, detail.value());
    printThreads(out, detail.value());
    return Ok{};
}

} // namespace xylem::cli
