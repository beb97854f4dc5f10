#include "core/tune/tuner.h"

#include "core/record/recordingsession.h"

#include <algorithm>
#include <atomic>
#include <sstream>

namespace xylem::tune {

struct Tuner::State
{
    std::atomic<bool> stop{false};
    std::atomic<record::RecordingSession*> recording{nullptr}; // the trial recording now
    bool ran = false;
};
static_assert(std::atomic<record::RecordingSession*>::is_always_lock_free);

Tuner::Tuner(TuneRequest request, TunerCallbacks callbacks)
    : m_request(std::move(request))
    , m_callbacks(std::move(callbacks))
    , m_state(std::make_unique<State>())
{
}

Tuner::~Tuner() = default;

void Tuner::stop()
{
    m_state->stop.store(true);
    if (record::RecordingSession* session = m_state->recording.load()) {
        session->stop();
    }
}

void Tuner::stopFromSignal() noexcept
{
    m_state->stop.store(true);
    if (record::RecordingSession* session = m_state->recording.load()) {
        session->stopFromSignal();
    }
}

TuneTry Tuner::measure(TuneTry attempt, const std::optional<Configuration>& configuration)
{
    if (m_callbacks.tryStarted) {
        m_callbacks.tryStarted(attempt);
    }
    TrialSpec spec;
    spec.label = attempt.label;
    spec.request = m_request.request;
    spec.configuration = configuration;
    spec.clusterLink = m_request.clusterLink;
    auto result = [&]() -> Result<TrialResult> {
        XYLEM_TRY(prepared, prepareTrial(spec));
        record::RecordingSession session(prepared->request, m_callbacks.recording);
        m_state->recording.store(&session);
        if (m_state->stop.load()) { // a stop that came before the session could be reached
            session.stop();
        }
        auto outcome = session.run();
        m_state->recording.store(nullptr);
        if (!outcome) {
            return outcome.error();
        }
        return trialResultOf(prepared.value(), outcome.value());
    }();
    if (result) {
        attempt.result = std::move(result.value());
    } else {
        attempt.error = result.error();
    }
    return attempt;
}

namespace {

bool triedBefore(const std::vector<TuneTry>& tries, const Configuration& config)
{
    return std::any_of(tries.begin(), tries.end(), [&](const TuneTry& t) {
        return t.result && t.result->configuration.wrappers() == config.wrappers();
    });
}

} // namespace

Result<TuneOutcome> Tuner::run()
{
    if (m_state->ran) {
        return makeError(ErrorCode::InvalidArgument, "a tuner runs once");
    }
    m_state->ran = true;
    if (m_request.maxTries < 1) {
        return makeError(ErrorCode::InvalidArgument,
                         "--max-tries must be at least 1 (the start is a try)");
    }
    if (!(m_request.minSpeedup >= 1.0)) {
        return makeError(ErrorCode::InvalidArgument,
                         "--min-speedup must be 1 or more (a move must not be slower)");
    }
    TuneOutcome out;
    auto finish = [&](TuneTry attempt) {
        out.tries.push_back(std::move(attempt));
        if (m_callbacks.tryFinished) {
            m_callbacks.tryFinished(out.tries.back());
        }
    };

    TuneTry start;
    start.index = 1;
    start.label = "tune 1: start";
    start.heuristic = "start";
    const record::TreeRequest& tree = m_request.request.tree;
    start.reason = m_request.start   ? "from " + m_request.start->name()
                   : tree.configFile ? "from " + *tree.configFile
                   : tree.hosts
                       ? "from a " + std::string(toString(tree.shape)) + " tree over " + *tree.hosts
                       : std::string("from the requested tree");
    start.evidence = 1;
    start = measure(std::move(start), m_request.start);
    if (start.result && (!start.result->report || start.result->operationTimes.empty())) {
        start.error = Error{ErrorCode::NotFound,
                            "the start's run " + std::to_string(start.result->run) +
                                " has no complete call to learn from",
                            start.label};
    }
    if (start.error) {
        Error e = *start.error;
        finish(std::move(start)); // its row ends too, failed
        e.message += " (so the start was not measured)";
        return e;
    }
    start.moved = true;
    finish(std::move(start));
    out.path.push_back(0);

    int current = 0;
    for (;;) {
        if (m_state->stop) {
            out.stopped = true;
            out.stopReason = "stopped";
            break;
        }
        const TuneTry& here = out.tries[static_cast<size_t>(current)];
        auto neighbours = neighboursOf(*here.result->report, m_request.neighbours);
        if (!neighbours) {
            out.stopReason =
                "no neighbours of " + here.label + ": " + neighbours.error().describe();
            break;
        }
        bool moved = false;
        bool outOfTries = false;
        for (const Neighbour& n : neighbours.value()) {
            if (triedBefore(out.tries, n.configuration)) {
                continue;
            }
            if (static_cast<int>(out.tries.size()) >= m_request.maxTries) {
                outOfTries = true;
                break;
            }
            if (m_state->stop) {
                break;
            }
            TuneTry attempt;
            attempt.index = static_cast<int>(out.tries.size()) + 1;
            attempt.label = "tune " + std::to_string(attempt.index) + ": " + n.change;
            attempt.heuristic = std::string(toString(n.heuristic));
            attempt.reason = n.reason;
            attempt.evidence = n.evidence;
            attempt.from = current + 1;
            attempt.minSpeedup = m_request.minSpeedup;
            attempt = measure(std::move(attempt), n.configuration);
            if (attempt.result && !attempt.result->operationTimes.empty()) {
                auto speedup = speedupOf(*out.tries[static_cast<size_t>(current)].result,
                                         *attempt.result, m_request.bootstrap);
                if (speedup) {
                    attempt.speedup = speedup.value();
                } else {
                    attempt.error = speedup.error();
                }
            } else if (attempt.result) {
                attempt.error =
                    Error{ErrorCode::InvalidArgument,
                          "run " + std::to_string(attempt.result->run) + " has no complete call",
                          attempt.label};
            }
            // A stopped trial's run is cut short: kept, but not moved to.
            const bool move = attempt.improves() && !m_state->stop;
            attempt.moved = move;
            finish(std::move(attempt));
            if (move) {
                current = static_cast<int>(out.tries.size()) - 1;
                out.path.push_back(current);
                if (m_callbacks.moved) {
                    m_callbacks.moved(out.tries.back());
                }
                moved = true;
                break;
            }
        }
        if (m_state->stop) {
            out.stopped = true;
            out.stopReason = "stopped";
            break;
        }
        if (outOfTries) {
            out.stopReason = "reached the most tries (" + std::to_string(m_request.maxTries) + ")";
            break;
        }
        if (!moved) {
            out.stopReason = "no neighbour of " + out.tries[static_cast<size_t>(current)].label +
                             " is faster beyond its interval";
            if (m_request.minSpeedup > 1.0) {
                std::ostringstream margin;
                margin << m_request.minSpeedup;
                out.stopReason += " by more than " + margin.str() + "x";
            }
            break;
        }
    }

    out.best = current;
    if (current != 0) {
        auto speedup =
            speedupOf(*out.tries.front().result, *out.bestTry().result, m_request.bootstrap);
        if (speedup) {
            out.bestSpeedup = speedup.value();
        }
    }
    return out;
}

} // namespace xylem::tune
