#include "app/cli/recordstatus.h"

#include "app/cli/durationformat.h"
#include "app/cli/nodetroubles.h"

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace xylem::cli {

namespace {

std::string fixed(double value, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, value);
    return text;
}

// The thread at the end of the imbalance path: the one that makes everyone wait.
std::string culprit(const std::vector<int>& path, const Configuration& config)
{
    return path.empty() ? "-" : config.wrapper(path.back()).id;
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
std::string gatherRate(const live::LiveRecorder& recorder, int decimals)
{
    if (recorder.scope().monitors.empty()) {
        return "none (collectors only)";
    }
    const live::ScopeAccounting& a = recorder.accounting();
    const size_t lost = a.lostCollectors().size();
    return fixed(a.gatherRatePct(), decimals) + " %" +
           (lost == 0 ? std::string()
                      : " of what was counted, " + std::to_string(lost) + " collector" +
                            (lost == 1 ? "" : "s") + " lost");
}

} // namespace

void RecordStatus::maybePrint(live::LiveRecorder& recorder)
{
    const auto now = std::chrono::steady_clock::now();
    if (now - m_last >= std::chrono::seconds(1)) {
        m_last = now;
        print(recorder);
    }
}

void RecordStatus::finish(live::LiveRecorder& recorder)
{
    print(recorder);
    if (m_terminal) {
        m_out << '\n';
    }
}

void RecordStatus::print(live::LiveRecorder& recorder)
{
    const live::ScopeAccounting& a = recorder.accounting();
    const auto path = recorder.imbalancePath();
    m_out << (m_terminal ? "\r" : "") << "record: " << fixed(a.seconds, 1) << " s, "
          << recorder.completeCalls() << " calls, " << a.tuples << " tuples ("
          << fixed(a.tuplesPerSecond() / 1e3, 1) << " k/s), gather rate " << gatherRate(recorder, 2)
          << ", " << a.overwritten << " overwritten, delay " << fixed(a.meanDelayMs, 1) << " ms, "
          << troublesStatus(a) << ", culprit " << culprit(path, recorder.configuration())
          << (m_terminal ? "   " : "\n");
    m_out.flush();
}

std::string accountingJson(const live::ScopeAccounting& a)
{
    nlohmann::ordered_json j;
    j["tuples"] = a.tuples;
    j["waves"] = a.waves;
    j["seconds"] = a.seconds;
    j["tuples_per_s"] = a.tuplesPerSecond();
    j["written"] = a.written;
    j["read"] = a.read;
    j["overwritten"] = a.overwritten;
    j["gather_rate_pct"] =
        a.read + a.overwritten > 0 ? nlohmann::json(a.gatherRatePct()) : nlohmann::json();
    j["rings"] = a.rings;
    j["mean_delay_ms"] = a.meanDelayMs;
    addTroublesJson(j, a);
    j["invalid_tuples"] = a.invalidTuples;
    j["system_samples"] = a.systemSamples;
    j["system_samples_lost"] = a.systemSamplesLost;
    j["system_samples_outside_run"] = a.systemSamplesOutside;
    if (a.baselineUs) {
        j["baseline_iteration_us"] = *a.baselineUs;
    }
    if (a.recordedUs) {
        j["recorded_iteration_us"] = *a.recordedUs;
    }
    if (const auto slowdown = a.slowdownPct()) {
        j["slowdown_pct"] = *slowdown;
    }
    return j.dump();
}

void printSummary(std::ostream& out, live::LiveRecorder& recorder, const ChildProcess* workload,
                  const store::WriterCounters& stored, const std::string& sessionPath,
                  std::int64_t run)
{
    const live::ScopeAccounting& a = recorder.accounting();
    const Configuration& config = recorder.configuration();
    if (workload) {
        std::ifstream programOutput(workload->output());
        for (std::string line; std::getline(programOutput, line);) {
            out << "  | " << line << '\n';
        }
        out << "record: the program " << workload->describeExit() << "\n";
    }
    if (const auto slowdown = a.slowdownPct()) {
        out << "record: slowdown " << fixed(*slowdown, 2) << " % (" << fixed(*a.recordedUs, 2)
            << " us per iteration recorded, " << fixed(*a.baselineUs, 2)
            << " without collectors)\n";
    }
    out << "record: " << stored.calls << " complete calls, " << stored.incomplete
        << " incomplete; " << a.tuples << " tuples from " << a.rings << " rings; gather rate "
        << gatherRate(recorder, 3) << " (" << a.overwritten << " overwritten of " << a.written
        << " written)\n";
    if (recorder.has(live::Monitor::Raw) && recorder.completeCalls() != stored.calls) {
        out << "record: the live figures cover " << recorder.completeCalls()
            << " of the calls: the others' last tuples came after it had given them up\n";
    }
    if (recorder.has(live::Monitor::Raw)) {
        const AnalysisReport report = recorder.report();
        out << "record: mean operation time " << formatDuration(report.operationTime.mean)
            << ", imbalance path " << pathText(report.imbalancePath, config) << "\n";
    }
    for (const live::Monitor form :
         {live::Monitor::LoadBalance, live::Monitor::LoadBalanceDistributed}) {
        if (recorder.has(form)) {
            out << "record: " << live::monitorName(form) << ": imbalance path "
                << pathText(recorder.loadBalance(form).imbalancePath(), config) << "\n";
        }
    }
    if (recorder.scope().systemSamples) {
        out << "record: " << a.systemSamples << " system samples stored (CPU, network, memory)";
        if (a.systemSamplesLost > 0) {
            out << ", " << a.systemSamplesLost << " lost to full collector buffers";
        }
        out << "\n";
    }
    for (const std::string& line : troubleLines(a.troubles, a.troublesNotListed)) {
        out << "record: " << line << "\n";
    }
    out << "record: session " << sessionPath << ", run " << run << "\n"
        << "record: look closer with: xylem-cli analyze --session " << sessionPath << " --run "
        << run << "\n";
}

} // namespace xylem::cli
