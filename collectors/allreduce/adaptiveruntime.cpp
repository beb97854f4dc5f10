// The runtime behind `xylem-gsum --adapt` (adaptiveruntime.h): the candidates' runtimes
// started in order, each thread's calls routed through its current candidate, the control
// allreduce at the end of every trial block.

#include "collectors/allreduce/adaptiveruntime.h"

#include "collectors/allreduce/candidaterendezvous.h"

#include <algorithm>
#include <chrono>
#include <set>

namespace xylem::allreduce {

namespace {

// The control allreduce of block j has seq kControlSeq - j: negative (never recorded) and far
// below compute-gsum's calibration calls (-N..-1).
constexpr std::int64_t kControlSeq = -(std::int64_t{1} << 40);

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::set<std::string> hostIds(const Configuration& config)
{
    std::set<std::string> ids;
    for (const Host& h : config.hosts()) {
        ids.insert(h.id);
    }
    return ids;
}

// Thread id -> host id.
std::map<std::string, std::string> threadHosts(const Configuration& config)
{
    std::map<std::string, std::string> out;
    for (const int t : config.threads()) {
        out.emplace(config.wrapper(t).id, config.wrapper(t).host);
    }
    return out;
}

} // namespace

Result<Ok> checkCandidate(const Configuration& start, const AdaptCandidate& candidate)
{
    const std::string where = "--adapt candidate '" + candidate.name + "'";
    if (auto ok = checkRunnable(candidate.config); !ok) {
        return makeError(ErrorCode::InvalidConfiguration,
                         where + " is not runnable: " + ok.error().describe());
    }
    if (hostIds(start) != hostIds(candidate.config)) {
        return makeError(ErrorCode::InvalidConfiguration,
                         where + " has other hosts than the start configuration");
    }
    const auto want = threadHosts(start);
    const auto have = threadHosts(candidate.config);
    for (const auto& [thread, host] : want) {
        const auto it = have.find(thread);
        if (it == have.end()) {
            return makeError(ErrorCode::InvalidConfiguration,
                             where + " has no thread '" + thread + "'");
        }
        if (it->second != host) {
            return makeError(ErrorCode::InvalidConfiguration,
                             where + " puts thread '" + thread + "' on host " + it->second +
                                 ", the start configuration on " + host);
        }
    }
    if (have.size() != want.size()) {
        for (const auto& [thread, host] : have) {
            if (!want.contains(thread)) {
                return makeError(ErrorCode::InvalidConfiguration,
                                 where + " has a thread the start configuration has not: '" +
                                     thread + "'");
            }
        }
    }
    return Ok{};
}

Result<std::unique_ptr<AdaptiveRuntime>>
AdaptiveRuntime::start(std::vector<AdaptCandidate> candidates, const RuntimeOptions& options,
                       const AdaptOptions& adapt, Rendezvous& run, probe::Probe* probe)
{
    if (candidates.size() < 2) {
        return makeError(ErrorCode::InvalidArgument,
                         "--adapt needs at least one candidate besides the start configuration");
    }
    for (std::size_t k = 1; k < candidates.size(); ++k) {
        XYLEM_TRY(fits, checkCandidate(candidates.front().config, candidates[k]));
    }
    std::unique_ptr<AdaptiveRuntime> self(new AdaptiveRuntime());
    std::vector<std::string> names;
    for (AdaptCandidate& c : candidates) {
        names.push_back(c.name);
        self->m_configs.push_back(std::make_unique<Configuration>(std::move(c.config)));
    }
    const TreeTrials plan(names, adapt.block, adapt.rounds);
    RuntimeOptions each = options;
    each.recording.notBefore = std::max(each.recording.notBefore, plan.settleCall());
    for (std::size_t k = 0; k < self->m_configs.size(); ++k) {
        CandidateRendezvous own(run, static_cast<int>(k));
        Rendezvous& meet = k == 0 ? run : own;
        auto runtime = HostRuntime::start(*self->m_configs[k], each, meet, probe);
        if (!runtime) {
            return makeError(runtime.error().code, "--adapt candidate '" + names[k] +
                                                       "': " + runtime.error().describe());
        }
        self->m_runtimes.push_back(std::move(runtime).value());
    }
    const Configuration& first = *self->m_configs.front();
    for (const int t : self->m_runtimes.front()->threads()) {
        ThreadState state{plan, {}};
        for (const auto& config : self->m_configs) {
            state.wrappers.push_back(config->indexOf(first.wrapper(t).id));
        }
        self->m_threads.emplace(t, std::move(state));
    }
    return self;
}

AdaptiveRuntime::~AdaptiveRuntime()
{
    finish();
}

Payload AdaptiveRuntime::allreduce(CallContext& context, int threadWrapper, std::int64_t seq,
                                   Payload value)
{
    ThreadState& state = m_threads.at(threadWrapper);
    TreeTrials& trials = state.trials;
    const std::size_t k = trials.current();
    HostRuntime& runtime = *m_runtimes[k];
    const int wrapper = state.wrappers[k];
    if (seq < 0) {
        return runtime.allreduce(context, wrapper, seq, std::move(value));
    }
    if (trials.settled()) {
        const std::int64_t begin = nowNs();
        Payload sum = runtime.allreduce(context, wrapper, seq, std::move(value));
        state.ns[1] += nowNs() - begin;
        ++state.calls[1];
        return sum;
    }
    // A trial's calls go through a tree the run does not keep: recorded nowhere, not even the
    // coscheduling signals of a ring (the services skip them by their seq: notBefore).
    CallContext quiet{nullptr, context.schedule};
    const std::int64_t begin = nowNs();
    Payload sum = runtime.allreduce(quiet, wrapper, seq, std::move(value));
    const std::int64_t took = nowNs() - begin;
    state.ns[0] += took;
    ++state.calls[0];
    if (trials.called(took)) {
        const Payload sums =
            runtime.allreduce(quiet, wrapper, kControlSeq - trials.blocksDone(),
                              trials.controlPayload());
        trials.endBlock(sums);
    }
    return sum;
}

void AdaptiveRuntime::finish()
{
    for (auto& runtime : m_runtimes) {
        runtime->finish();
    }
}

const MpiTreeAdapt* AdaptiveRuntime::record() const
{
    return m_threads.empty() ? nullptr : &m_threads.begin()->second.trials.record();
}

int AdaptiveRuntime::settledCandidate() const
{
    const auto first = m_threads.begin();
    return first == m_threads.end() || !first->second.trials.settled()
               ? -1
               : static_cast<int>(first->second.trials.current());
}

bool AdaptiveRuntime::threadsAgree() const
{
    const MpiTreeAdapt* first = record();
    return std::all_of(m_threads.begin(), m_threads.end(), [&](const auto& entry) {
        return entry.second.trials.record().switches == first->switches;
    });
}

} // namespace xylem::allreduce

namespace xylem::allreduce {

double AdaptiveRuntime::meanUs(int settled) const
{
    double sum = 0;
    int threads = 0;
    for (const auto& [wrapper, state] : m_threads) {
        if (state.calls[settled] > 0) {
            sum += static_cast<double>(state.ns[settled]) /
                   static_cast<double>(state.calls[settled]) / 1000.0;
            ++threads;
        }
    }
    return threads == 0 ? 0 : sum / threads;
}

} // namespace xylem::allreduce
