// --adapt's candidates read and checked before a run or a launch starts (adaptoption.h), and
// the record printed at a host's end.

#include "collectors/allreduce/gsum/adaptoption.h"

#include "core/model/configurationjson.h"

#include <cstdio>

namespace xylem::allreduce {

namespace {

bool hasProxy(const Configuration& config, const std::string& id)
{
    const int w = config.indexOf(id);
    return w >= 0 && config.wrapper(w).kind == WrapperKind::Proxy;
}

} // namespace

Result<std::optional<AdaptPlan>> adaptPlan(const GsumOptions& o, const Configuration& start,
                                           const BenchmarkSpec& spec,
                                           const std::map<std::string, LinkEmulation>& wan)
{
    if (!o.has("adapt")) {
        for (const char* name : {"adapt-block", "adapt-rounds"}) {
            if (o.has(name)) {
                return makeError(ErrorCode::InvalidArgument,
                                 std::string("--") + name + " is for --adapt, which is not given");
            }
        }
        return std::optional<AdaptPlan>();
    }
    if (o.has("launcher") || o.get("rendezvous") == "stdio" || o.has("addresses")) {
        return makeError(ErrorCode::InvalidArgument,
                         "--adapt starts one runtime per candidate, each meeting its peers in "
                         "the run directory: not with --launcher, --rendezvous stdio or "
                         "--addresses (yet)");
    }
    XYLEM_TRY(block, o.number("adapt-block", 32, 1, 1 << 20));
    XYLEM_TRY(rounds, o.number("adapt-rounds", 2, 1, 100));
    AdaptPlan plan;
    plan.options = AdaptOptions{static_cast<int>(block.value()), static_cast<int>(rounds.value())};
    plan.candidates.push_back(AdaptCandidate{start.name(), start});
    const std::string list = o.get("adapt");
    std::size_t from = 0;
    for (int index = 1; from <= list.size(); ++index) {
        const std::size_t comma = std::min(list.find(',', from), list.size());
        const std::string file = list.substr(from, comma - from);
        from = comma + 1;
        if (file.empty()) {
            return makeError(ErrorCode::InvalidArgument,
                             "--adapt: candidate " + std::to_string(index) +
                                 " is empty (TREE.json[,TREE.json...])");
        }
        auto config = readConfigurationFile(file);
        if (!config) {
            return makeError(config.error().code,
                             "--adapt candidate '" + file + "': " + config.error().describe());
        }
        AdaptCandidate candidate{file, std::move(config).value()};
        XYLEM_TRY(fits, checkCandidate(start, candidate));
        plan.candidates.push_back(std::move(candidate));
    }
    XYLEM_TRY(noise, checkNamesAgainst(start, spec, {}));
    for (const auto& link : wan) {
        bool found = false;
        for (const AdaptCandidate& c : plan.candidates) {
            found = found || hasProxy(c.config, link.first);
        }
        if (!found) {
            return makeError(ErrorCode::InvalidArgument,
                             "--wan: no candidate of --adapt has a proxy '" + link.first + "'");
        }
    }
    return std::optional<AdaptPlan>(std::move(plan));
}

void printAdaptRecord(const AdaptiveRuntime& runtime)
{
    if (!runtime.record()) {
        return; // no thread on this host: it took no decision
    }
    const MpiTreeAdapt& record = *runtime.record();
    for (const MpiAdaptBlock& b : record.blocks) {
        std::printf("gsum adapt: calls %lld-%lld through %s: %.1f us per call\n",
                    static_cast<long long>(b.firstCall),
                    static_cast<long long>(b.firstCall + record.block - 1), b.tree.c_str(),
                    static_cast<double>(b.meanNs) / 1000.0);
    }
    std::string switches;
    for (const MpiTreeSwitch& s : record.switches) {
        switches += (switches.empty() ? "" : ", ") + std::to_string(s.call) + " to " + s.to +
                    (s.settle ? " (settled)" : "");
    }
    std::printf("gsum adapt: switches at calls %s\n", switches.c_str());
    std::printf("gsum adapt: %s\n", describeGsumAdapt(record).c_str());
    if (record.disagreements > 0) {
        std::printf("gsum adapt: %lld control allreduces found the threads at different calls\n",
                    static_cast<long long>(record.disagreements));
    }
    std::printf("gsum adapt: %.1f us per call in the trials, %.1f us through the settled tree\n",
                runtime.meanTrialUs(), runtime.meanSettledUs());
    if (!runtime.threadsAgree()) {
        std::printf("gsum adapt: this host's threads did not all switch at the same calls\n");
    }
    std::fflush(stdout);
}

} // namespace xylem::allreduce
