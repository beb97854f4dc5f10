#include "core/record/gathering.h"

#include "core/model/freedmemory.h"
#include "core/tree/frontend.h"

#include <algorithm>

namespace xylem::record {

namespace {

using Clock = std::chrono::steady_clock;

// How often the loop gives the heap's free pages back (freedmemory.h), so that the front-end's
// memory after a burst is what it holds, not what the burst took.
constexpr auto kGiveBackPeriod = std::chrono::seconds(1);

// How long the drain waits for a slow collector: past the tree's idle time-out, by which a node
// that never answers again is lost.
constexpr auto kSlowWait = 2 * tree::kTreeIdleTimeout;

void enter(const GatherContext& c, Phase phase)
{
    if (c.callbacks.phase) {
        c.callbacks.phase(phase);
    }
}

// Drains what the rings still hold: waves until two bring nothing new and no collector is slow
// (its backlog comes when it answers again; unless stopped, the recording waits until it does
// or is lost).
Result<Ok> drain(GatherContext& c, std::chrono::milliseconds timeout)
{
    const auto giveUp = Clock::now() + kSlowWait;
    for (int quiet = 0;;) {
        const live::ScopeAccounting& a = c.scope.recorder().accounting();
        const bool slow = !a.slow.empty() && !c.stop.requested() && Clock::now() < giveUp;
        if (quiet >= 2 && !slow) {
            return Ok{};
        }
        if (slow) {
            c.stop.waitUntil(Clock::now() + c.scope.recorder().scope().pullPeriod);
            c.reporter.polled(c.scope.recorder(), Phase::Draining);
        }
        const auto before = a.tuples;
        XYLEM_TRY(polled, c.scope.poll(timeout));
        quiet = c.scope.recorder().accounting().tuples == before ? quiet + 1 : 0;
    }
}

} // namespace

// A wave comes within the tree's slow time-out (frontend.h) even with a node paused, so a poll
// waits well beyond that before it gives up on the tree.
Result<Ok> gather(GatherContext& c)
{
    const auto started = Clock::now();
    const auto timeout = std::max({std::chrono::milliseconds(5000), 4 * c.plan.scope.pullPeriod,
                                   2 * c.slowAfter + std::chrono::milliseconds(1000)});
    auto next = started;
    auto givenBack = started;
    enter(c, Phase::Recording);
    while (c.workload ? c.workload->running() : true) {
        if (c.stop.requested() || (c.plan.duration && Clock::now() - started >= *c.plan.duration)) {
            if (c.workload) {
                c.workload->interrupt();
            }
            break;
        }
        next += c.scope.recorder().scope().pullPeriod;
        c.stop.waitUntil(next);
        XYLEM_TRY(polled, c.scope.poll(timeout));
        c.reporter.polled(c.scope.recorder(), Phase::Recording);
        if (c.between) {
            c.between();
        }
        if (Clock::now() - givenBack >= kGiveBackPeriod) {
            giveBackFreePages();
            givenBack = Clock::now();
        }
    }
    enter(c, Phase::Draining);
    if (c.workload) {
        c.workload->wait();
    }
    XYLEM_TRY(drained, drain(c, timeout));
    c.reporter.finish(c.scope.recorder());
    return Ok{};
}

} // namespace xylem::record
