#include "core/analysis/calldetail.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/callstages.h"
#include "core/analysis/gredcall.h"
#include "core/analysis/topology.h"

#include <algorithm>
#include <limits>
#include <string>

namespace xylem {

namespace {

// The call's row (indexed by wrapper, kEmptyDown where no tuple came) and its seq range.
struct CallRow
{
    std::vector<EdgeTimes> row;
    bool found = false;
    std::int64_t lowestSeq = std::numeric_limits<std::int64_t>::max();
    std::int64_t highestSeq = std::numeric_limits<std::int64_t>::min();
};

CallRow collectRow(const Configuration& config, std::span<const Tuple> tuples, std::int64_t seq)
{
    CallRow r;
    r.row.assign(static_cast<size_t>(config.wrapperCount()), EdgeTimes{kEmptyDown, kEmptyDown});
    for (const Tuple& t : tuples) {
        r.lowestSeq = std::min(r.lowestSeq, t.seq);
        r.highestSeq = std::max(r.highestSeq, t.seq);
        if (t.seq != seq || t.collector >= r.row.size()) {
            continue;
        }
        r.found = true;
        EdgeTimes& e = r.row[t.collector];
        if (e.down == kEmptyDown) { // a repeated (collector, seq) keeps its first tuple
            e = EdgeTimes{t.down, t.up};
        }
    }
    return r;
}

Error missingCollectors(const Configuration& config, const CallRow& r, std::int64_t seq)
{
    std::string names;
    int missing = 0;
    for (int w = 0; w < config.wrapperCount(); ++w) {
        if (w == config.root() || r.row[static_cast<size_t>(w)].down != kEmptyDown) {
            continue;
        }
        if (++missing <= 10) {
            names += (names.empty() ? "" : ", ") + config.wrapper(w).id;
        }
    }
    if (missing > 10) {
        names += " and " + std::to_string(missing - 10) + " more";
    }
    return makeError(ErrorCode::NotFound, "call #" + std::to_string(seq) +
                                              " is incomplete: " + std::to_string(missing) +
                                              " of " + std::to_string(config.collectorCount()) +
                                              " collectors have no tuple for it (" + names + ")");
}

// A thread's stages of this call with their estimates; half-two-way proxies (clockcoverage.h)
// get half the hop's two-way latency each way, and the spans are laid end to end from d0.
CallThread threadStages(const Topology& t, const CallStages& stages, size_t slot,
                        const EdgeTimes* row, const std::vector<bool>& halfTwoWay)
{
    std::vector<StageSpan> spans;
    stages.stagesOf(slot, spans);
    const ThreadTopology& thread = t.threads()[slot];
    const std::vector<int>& path = thread.path;
    CallThread out{thread.wrapper, row[thread.wrapper].up - row[thread.wrapper].down, {}};
    bool pastRoot = false;
    std::int64_t at = row[thread.wrapper].down;
    for (const StageSpan& s : spans) {
        const bool atRoot = s.wrapper == t.root();
        pastRoot = pastRoot || atRoot;
        const Direction direction =
            atRoot ? Direction::Root : (pastRoot ? Direction::Up : Direction::Down);
        std::int64_t duration = s.endNs - s.startNs;
        StageEstimate estimate = StageEstimate::Measured;
        const auto w = static_cast<size_t>(s.wrapper);
        if (w < halfTwoWay.size() && halfTwoWay[w]) {
            // The hop w_j = proxy: its two-way latency (d_j - d_{j-1}) + (u_{j-1} - u_j).
            const auto j =
                static_cast<size_t>(std::find(path.begin(), path.end(), s.wrapper) - path.begin());
            const EdgeTimes& below = row[path[j - 1]];
            const EdgeTimes& own = row[path[j]];
            const std::int64_t twoWay = (own.down - below.down) + (below.up - own.up);
            const std::int64_t downHalf =
                twoWay >= 0 ? twoWay / 2 : -((-twoWay + 1) / 2); // floor of twoWay / 2
            duration = direction == Direction::Down ? downHalf : twoWay - downHalf;
            estimate = StageEstimate::HalfTwoWay;
        }
        out.stages.push_back(
            CallStageSpan{s.stage, s.wrapper, direction, at, at + duration, estimate});
        at += duration;
    }
    return out;
}

CallGred gredOf(const GredTopology& g, GredCallEvaluator& evaluator, const EdgeTimes* row)
{
    const GredCall& c = evaluator.evaluate(g, row, !g.isRoot);
    const size_t p = g.children.size();
    CallGred out;
    out.wrapper = g.wrapper;
    out.lastArrival = g.children[c.last];
    out.lastArrivalNs = c.t1l;
    out.firstDepartureNs = c.t4f;
    out.arrivals.resize(p);
    out.departures.resize(p);
    for (size_t i = 0; i < p; ++i) {
        out.arrivals[static_cast<size_t>(evaluator.arrivalRank(i))] = g.children[i];
        out.departures[static_cast<size_t>(evaluator.departureRank(i))] = g.children[i];
    }
    out.firstDeparture = out.departures.front();
    return out;
}

std::vector<int> lastArrivalPath(const Topology& t, const std::vector<CallGred>& greds)
{
    std::vector<int> path{t.root()};
    int w = t.root();
    while (t.threadSlot(w) < 0) {
        const int slot = t.gredSlot(w);
        w = slot >= 0 ? greds[static_cast<size_t>(slot)].lastArrival
                      : t.configuration().children(w).front();
        path.push_back(w);
    }
    return path;
}

} // namespace

Result<CallDetail> callDetail(const Configuration& config, std::span<const Tuple> tuples,
                              std::int64_t seq, const ClockCoverage& clocks)
{
    const CallRow r = collectRow(config, tuples, seq);
    if (!r.found) {
        return makeError(ErrorCode::NotFound,
                         "no call #" + std::to_string(seq) + " in the run" +
                             (tuples.empty() ? std::string(" (it has no calls)")
                                             : " (its calls are #" + std::to_string(r.lowestSeq) +
                                                   " to #" + std::to_string(r.highestSeq) + ")"));
    }
    for (int w = 0; w < config.wrapperCount(); ++w) {
        if (w != config.root() && r.row[static_cast<size_t>(w)].down == kEmptyDown) {
            return missingCollectors(config, r, seq);
        }
    }
    const Topology t(config);
    const EdgeTimes* row = r.row.data();
    CallDetail d;
    d.configuration = std::make_shared<const Configuration>(config);
    d.times = callTimes(t, row, seq);
    d.slowestThread = t.threads()[static_cast<size_t>(d.times.slowestThread)].wrapper;
    for (int w = 0; w < config.wrapperCount(); ++w) {
        if (w != config.root()) {
            d.edges.push_back(CallEdge{w, row[w].down, row[w].up});
        }
    }
    CallStages stages(t);
    stages.evaluate(row);
    const std::vector<bool> half = halfTwoWayProxies(config, clocks);
    for (size_t slot = 0; slot < t.threads().size(); ++slot) {
        d.threads.push_back(threadStages(t, stages, slot, row, half));
    }
    GredCallEvaluator evaluator(t);
    for (const GredTopology& g : t.greds()) {
        d.greds.push_back(gredOf(g, evaluator, row));
    }
    d.lastArrivalPath = lastArrivalPath(t, d.greds);
    return d;
}

std::vector<CallTimes> completeCallTimes(const Configuration& config, std::span<const Tuple> tuples)
{
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    const Topology t(config);
    std::vector<CallTimes> calls;
    calls.reserve(static_cast<size_t>(matrix.completeCalls()));
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (matrix.isComplete(r)) {
            calls.push_back(callTimes(t, matrix.row(r), matrix.seq(r)));
        }
    }
    return calls;
}

namespace {

// The order of calls by (operation time, seq), ascending: a before b when a is faster.
bool fasterThan(const CallTimes& a, const CallTimes& b)
{
    return a.operationTime != b.operationTime ? a.operationTime < b.operationTime : a.seq < b.seq;
}

} // namespace

std::optional<std::int64_t> slowestCall(std::span<const CallTimes> calls)
{
    const auto slowest = std::max_element(calls.begin(), calls.end(), fasterThan);
    return slowest == calls.end() ? std::nullopt : std::optional(slowest->seq);
}

Result<CallNeighbours> callNeighbours(std::span<const CallTimes> calls, std::int64_t seq)
{
    const auto slower = fasterThan;
    const auto it =
        std::find_if(calls.begin(), calls.end(), [&](const CallTimes& c) { return c.seq == seq; });
    if (it == calls.end()) {
        return makeError(ErrorCode::NotFound, "no complete call #" + std::to_string(seq) +
                                                  " among the run's " +
                                                  std::to_string(calls.size()));
    }
    // One pass: the nearest call above and below `seq` in (operation time, seq) order.
    CallNeighbours n;
    const CallTimes* above = nullptr;
    const CallTimes* below = nullptr;
    for (const CallTimes& c : calls) {
        if (slower(*it, c) && (!above || slower(c, *above))) {
            above = &c;
        } else if (slower(c, *it) && (!below || slower(*below, c))) {
            below = &c;
        }
    }
    n.slower = above ? std::optional(above->seq) : std::nullopt;
    n.faster = below ? std::optional(below->seq) : std::nullopt;
    return n;
}

} // namespace xylem
