#include "app/cli/recordstatus.h"

#include "app/cli/durationformat.h"
#include "app/cli/nodetroubles.h"

#include <cstdio>

namespace xylem::cli {

namespace {

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// The thread at the end of the imbalance path: the one that makes everyone wait.
std::string culprit(const std::vector<int>& path, const std::optional<Configuration>& config)
{
    return path.empty() || !config ? "-" : config->wrapper(path.back()).id;
}

std::string pathText(const std::vector<int>& path, const Configuration& config)
{
    std::string text;
    for (const int w : path) {
        text += (text.empty() ? "" : " > ") + config.wrapper(w).id;
    }
    return text.empty() ? "(no complete call)" : text;
}

// Collectors only (a scope with no monitor) reads nothing: no rate to speak of. With collectors
// lost, the rate says that it covers what they counted before: never a silent 100 %.
std::string gatherRate(const live::ScopeAccounting& a, bool collectorsOnly, int decimals)
{
    if (collectorsOnly) {
        return "none (collectors only)";
    }
    const size_t lost = a.lostCollectors().size();
    return fixed(a.gatherRatePct(), decimals) + " %" +
           (lost == 0 ? std::string()
                      : " of what was counted, " + std::to_string(lost) + " collector" +
                            (lost == 1 ? "" : "s") + " lost");
}

void printWorkload(std::ostream& out, const record::WorkloadOutcome& workload)
{
    for (const std::string& line : workload.output) {
        out << "  | " << line << '\n';
    }
    out << "record: the program " << workload.exit.describe() << "\n";
}

} // namespace

void RecordStatus::print(const record::RecordingStatus& s)
{
    const live::ScopeAccounting& a = s.accounting;
    m_out << (m_terminal ? "\r" : "") << "record: " << fixed(a.seconds, 1) << " s, "
          << s.completeCalls << " calls, " << a.tuples << " tuples ("
          << fixed(a.tuplesPerSecond() / 1e3, 1) << " k/s), gather rate "
          << gatherRate(a, s.collectorsOnly, 2) << ", " << a.overwritten << " overwritten, delay "
          << fixed(a.meanDelayMs, 1) << " ms, " << troublesStatus(a) << ", culprit "
          << culprit(s.imbalancePath, m_config) << (m_terminal ? "   " : "\n");
    if (s.final && m_terminal) {
        m_out << '\n';
    }
    m_out.flush();
}

void printSummary(std::ostream& out, const record::RecordingOutcome& o)
{
    const live::ScopeAccounting& a = o.accounting;
    const Configuration& config = o.configuration;
    const bool collectorsOnly = o.scope.monitors.empty();
    if (o.workload) {
        printWorkload(out, *o.workload);
    }
    if (const auto slowdown = a.slowdownPct()) {
        out << "record: slowdown " << fixed(*slowdown, 2) << " % (" << fixed(*a.recordedUs, 2)
            << " us per iteration recorded, " << fixed(*a.baselineUs, 2)
            << " without collectors)\n";
    }
    out << "record: " << o.stored.calls << " complete calls, " << o.stored.incomplete
        << " incomplete; " << a.tuples << " tuples from " << a.rings << " rings; gather rate "
        << gatherRate(a, collectorsOnly, 3) << " (" << a.overwritten << " overwritten of "
        << a.written << " written)\n";
    if (o.report && o.liveCompleteCalls != o.stored.calls) {
        out << "record: the live figures cover " << o.liveCompleteCalls
            << " of the calls: the others' last tuples came after it had given them up\n";
    }
    if (o.report) {
        out << "record: mean operation time " << formatDuration(o.report->operationTime.mean)
            << ", imbalance path " << pathText(o.report->imbalancePath, config) << "\n";
    }
    for (const auto& [form, path] : o.loadBalancePaths) {
        out << "record: " << live::monitorName(form) << ": imbalance path "
            << pathText(path, config) << "\n";
    }
    if (o.scope.systemSamples) {
        out << "record: " << a.systemSamples << " system samples stored (CPU, network, memory)";
        if (a.systemSamplesLost > 0) {
            out << ", " << a.systemSamplesLost << " lost to full collector buffers";
        }
        out << "\n";
    }
    for (const std::string& line : troubleLines(a.troubles, a.troublesNotListed)) {
        out << "record: " << line << "\n";
    }
    out << "record: session " << o.sessionPath << ", run " << o.run << "\n"
        << "record: look closer with: xylem-cli analyze --session " << o.sessionPath << " --run "
        << o.run << "\n";
}

} // namespace xylem::cli
