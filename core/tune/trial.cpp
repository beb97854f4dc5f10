#include "core/tune/trial.h"

#include "core/analysis/callwindow.h"
#include "core/model/configurationjson.h"
#include "core/record/recordingsession.h"
#include "core/store/windowedanalysis.h"
#include "core/tune/clusterlinks.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>

namespace xylem::tune {

namespace {

// t(0.975, df) for df 1..30; beyond, the Cornish-Fisher expansion about the normal quantile
// (within 1e-4 of the exact value from df 30 on).
double studentT975(std::int64_t df)
{
    static constexpr std::array<double, 30> kTable{
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df >= 1 && df <= 30) {
        return kTable[static_cast<size_t>(df - 1)];
    }
    const double z = 1.959963984540054;
    const double v = static_cast<double>(df);
    const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

Result<Ok> writeTreeFile(const std::string& path, const Configuration& config)
{
    std::ofstream file(path, std::ios::trunc);
    file << configurationToJson(config);
    file.close();
    if (!file) {
        return makeError(ErrorCode::IoError, "cannot write the trial's tree file", path);
    }
    return Ok{};
}

// The class in which the slowest thread of a call lies most often: the largest sum of its
// threads' slowest shares (ties to the class listed first).
const ThreadClass* slowestClassOf(const AnalysisReport& report)
{
    const ThreadClass* slowest = nullptr;
    double best = -1;
    for (const ThreadClass& c : report.classes) {
        double share = 0;
        for (const int t : c.threads) {
            const ThreadReport* thread = report.thread(t);
            if (thread && !std::isnan(thread->slowestShare)) {
                share += thread->slowestShare;
            }
        }
        if (share > best) {
            best = share;
            slowest = &c;
        }
    }
    return slowest;
}

} // namespace

Result<TrialScratch> TrialScratch::make()
{
    const char* tmp = std::getenv("TMPDIR");
    std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/xylem-trial-XXXXXX";
    if (!::mkdtemp(folder.data())) {
        return makeError(ErrorCode::IoError, "cannot make a folder for the trial's tree file",
                         std::filesystem::path(folder).parent_path().string());
    }
    return TrialScratch(folder);
}

TrialScratch::TrialScratch(TrialScratch&& other) noexcept
    : m_folder(std::exchange(other.m_folder, {}))
{
}

TrialScratch::~TrialScratch()
{
    if (!m_folder.empty()) {
        std::error_code ec;
        std::filesystem::remove_all(m_folder, ec);
    }
}

MeanInterval meanInterval(std::span<const std::int64_t> values)
{
    MeanInterval m;
    if (values.empty()) {
        return m;
    }
    long double sum = 0;
    for (const std::int64_t v : values) {
        sum += static_cast<long double>(v);
    }
    const auto n = static_cast<std::int64_t>(values.size());
    m.mean = static_cast<double>(sum / static_cast<long double>(n));
    if (n < 2) {
        return m;
    }
    long double squares = 0;
    for (const std::int64_t v : values) {
        const long double d = static_cast<long double>(v) - m.mean;
        squares += d * d;
    }
    const double s = std::sqrt(static_cast<double>(squares / static_cast<long double>(n - 1)));
    const double half = studentT975(n - 1) * s / std::sqrt(static_cast<double>(n));
    m.lower = m.mean - half;
    m.upper = m.mean + half;
    return m;
}

Result<PreparedTrial> prepareTrial(const TrialSpec& spec)
{
    record::RecordRequest request = spec.request;
    std::optional<TrialScratch> scratch;
    std::optional<Configuration> config = spec.configuration;
    if (config) {
        XYLEM_TRY(made, TrialScratch::make());
        scratch.emplace(std::move(made).value());
        const std::string path = scratch->folder() + "/trial.tree.json";
        XYLEM_TRY(written, writeTreeFile(path, *config));
        request.tree = record::TreeRequest{};
        request.tree.configFile = path;
    } else {
        XYLEM_TRY(plan, record::planRecording(request));
        config.emplace(plan->config);
    }
    XYLEM_TRY(wan, clusterLinkSpec(*config, spec.clusterLink));
    if (!wan->empty()) {
        request.workload.wan += (request.workload.wan.empty() ? "" : ",") + wan.value();
    }
    std::string label = spec.label;
    if (label.empty()) {
        label = request.runName.value_or(config->name());
    }
    request.runName = label;
    PreparedTrial prepared{label, std::move(request), std::move(*config), {}, std::move(scratch)};
    prepared.wan = prepared.request.workload.wan;
    return prepared;
}

Result<TrialResult> summarizeRun(const std::string& sessionPath, std::int64_t run,
                                 const std::string& label)
{
    XYLEM_TRY(session, store::Session::open(sessionPath, store::OpenMode::ReadOnly));
    auto analysed = store::analyzeStoredRunWithCalls(session.value(), run, CallWindow{});
    if (!analysed) {
        Error e = analysed.error();
        e.message = "trial '" + label + "' (run " + std::to_string(run) + "): " + e.message;
        return e;
    }
    AnalysisReport& report = analysed->report;
    TrialResult result(*report.configuration);
    result.label = label;
    result.run = run;
    result.operationTimes.reserve(analysed->calls.size());
    for (const CallTimes& call : analysed->calls) {
        result.operationTimes.push_back(call.operationTime);
    }
    if (result.operationTimes.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "trial '" + label + "': its run " + std::to_string(run) +
                             " holds no complete call to measure");
    }
    const MeanInterval mean = meanInterval(result.operationTimes);
    result.meanNs = mean.mean;
    result.ciLowerNs = mean.lower;
    result.ciUpperNs = mean.upper;
    result.incompleteCalls = report.incompleteCalls;
    if (const ThreadClass* slowest = slowestClassOf(report)) {
        result.slowestClass = slowest->signature;
        if (slowest->representative >= 0) {
            result.representative = report.idOf(slowest->representative);
        }
        for (const Hotspot& h : report.hotspots) { // largest first, arrival waits left out
            if (h.thread == slowest->representative) {
                result.hottestStage =
                    std::string(toString(h.stage)) + " at " + report.idOf(h.wrapper);
                result.hottestStageNs = h.meanNs;
                break;
            }
        }
    }
    result.report = std::move(report);
    return result;
}

Result<TrialResult> trialResultOf(const PreparedTrial& prepared,
                                  const record::RecordingOutcome& outcome)
{
    auto result = summarizeRun(outcome.sessionPath, outcome.run, prepared.label);
    if (!result && outcome.workload && outcome.workload->exit.number != 0) {
        // Why the run is empty is the program's to say: its exit and its last line.
        Error e = result.error();
        const auto& lines = outcome.workload->output;
        e.message += "; xylem-gsum " + outcome.workload->exit.describe() +
                     (lines.empty() ? std::string() : ": " + lines.back());
        return e;
    }
    if (!result) {
        return result.error();
    }
    result->wan = prepared.wan;
    result->incomplete = outcome.incomplete;
    return result;
}

Result<TrialResult> runTrial(const TrialSpec& spec, const record::RecordingCallbacks& callbacks)
{
    XYLEM_TRY(prepared, prepareTrial(spec));
    record::RecordingSession session(prepared->request, callbacks);
    XYLEM_TRY(outcome, session.run());
    return trialResultOf(prepared.value(), outcome.value());
}

Result<Speedup> speedupOf(const TrialResult& a, const TrialResult& b,
                          const BootstrapOptions& bootstrap)
{
    for (const TrialResult* t : {&a, &b}) {
        if (t->operationTimes.empty()) {
            return makeError(ErrorCode::InvalidArgument,
                             "trial '" + t->label + "' has no complete call: no speedup");
        }
    }
    XYLEM_TRY(interval, speedupInterval(a.operationTimes, b.operationTimes, bootstrap));
    return Speedup{a.meanNs / b.meanNs, interval.value()};
}

} // namespace xylem::tune
