#include "core/tune/trial.h"

#include "core/analysis/callwindow.h"
#include "core/analysis/meaninterval.h"
#include "core/analysis/slowestclass.h"
#include "core/model/configurationjson.h"
#include "core/record/recordingsession.h"
#include "core/store/windowedanalysis.h"
#include "core/tune/clusterlinks.h"

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>

namespace xylem::tune {

namespace {

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
        return makeError(ErrorCode::InvalidArgument, "trial '" + label + "': its run " +
                                                         std::to_string(run) +
                                                         " holds no complete call to measure");
    }
    const MeanInterval mean = meanInterval(result.operationTimes);
    result.meanNs = mean.mean;
    result.ciLowerNs = mean.lower;
    result.ciUpperNs = mean.upper;
    result.incompleteCalls = report.incompleteCalls;
    if (const ThreadClass* slowest = slowestClass(report)) {
        result.slowestClass = slowest->signature;
        if (slowest->representative >= 0) {
            result.representative = report.idOf(slowest->representative);
        }
        if (const Hotspot* h = hottestStageOf(report, slowest->representative)) {
            result.hottestStage =
                std::string(toString(h->stage)) + " at " + report.idOf(h->wrapper);
            result.hottestStageNs = h->meanNs;
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
