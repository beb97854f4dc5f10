#include "core/record/workload.h"

#include "core/model/configurationjson.h"
#include "core/record/gsumoutput.h"
#include "core/record/siblingprogram.h"

#include <filesystem>
#include <unistd.h>

namespace xylem::record {

namespace {

constexpr std::chrono::milliseconds kChildPoll{20}; // how often the baseline's end is checked

} // namespace

RingScratch::RingScratch()
    : m_ringBase("xylem-rec-" + std::to_string(::getpid()) + "-")
{
}

RingScratch::~RingScratch()
{
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
        if (e.path().filename().string().starts_with(m_ringBase)) {
            std::filesystem::remove(e.path(), ec);
        }
    }
}

Result<ChildProcess> startWorkload(const RecordPlan& plan, const RingScratch& scratch,
                                   bool instrumented)
{
    XYLEM_TRY(gsum, findSiblingProgram("xylem-gsum"));
    const WorkloadRequest& w = plan.workload;
    std::vector<std::string> command{gsum.value(),  "launch",       "--config",
                                     "-",           "--iterations", std::to_string(plan.iterations),
                                     "--benchmark", w.benchmark};
    if (w.computeUs) {
        command.insert(command.end(), {"--compute-us", std::to_string(*w.computeUs)});
    }
    if (w.elements) {
        command.insert(command.end(), {"--elements", std::to_string(*w.elements)});
    }
    if (!w.wan.empty()) {
        command.insert(command.end(), {"--wan", w.wan});
    }
    for (const std::string& noise : w.noise) {
        command.insert(command.end(), {"--noise", noise});
    }
    if (w.interleave && instrumented) {
        command.insert(command.end(), {"--interleave", std::to_string(*w.interleave)});
    }
    if (!instrumented) {
        command.push_back("--no-collectors");
    }
    if (!plan.remoteHosts.empty()) { // their hosts start through it, this machine's here
        command.insert(command.end(), {"--launcher", plan.launcher});
    }
    return ChildProcess::start(command,
                               {"XYLEM_RING_PREFIX=" + scratch.ringBase() + "{host}-",
                                "XYLEM_RING_CAPACITY=" + std::to_string(plan.scope.ringCapacity)},
                               "", configurationToJson(plan.config)); // --config - reads stdin
}

Result<double> runBaseline(const RecordPlan& plan, const RingScratch& scratch, const StopFlag& stop)
{
    XYLEM_TRY(baseline, startWorkload(plan, scratch, false));
    while (baseline->running()) {
        if (stop.waitUntil(std::chrono::steady_clock::now() + kChildPoll)) {
            baseline->interrupt();
            baseline->wait();
            return makeError(ErrorCode::InvalidArgument,
                             "stopped during the baseline run without collectors");
        }
    }
    const int code = baseline->wait();
    const auto us = gsumIterationUs(baseline->output());
    if (code != 0 || !us) {
        return makeError(ErrorCode::IoError, "the baseline run without collectors " +
                                                 baseline->describeExit() + ", see its output");
    }
    return *us;
}

} // namespace xylem::record
