#include "core/analysis/comparison.h"

namespace xylem {

namespace {

// The thread with the largest mean call time; ties to the later thread.
const ThreadReport* slowestThread(const AnalysisReport& r)
{
    const ThreadReport* slowest = nullptr;
    for (const ThreadReport& t : r.threads) {
        if (!slowest || t.callTime.mean >= slowest->callTime.mean) {
            slowest = &t;
        }
    }
    return slowest;
}

const ThreadReport* counterpartIn(const AnalysisReport& b, const AnalysisReport& a,
                                  const ThreadReport& inA)
{
    if (const int w = b.configuration->indexOf(a.idOf(inA.wrapper)); w >= 0) {
        if (const ThreadReport* t = b.thread(w)) {
            return t;
        }
    }
    for (const ThreadClass& c : b.classes) {
        if (c.signature == inA.signature) {
            return b.thread(c.representative);
        }
    }
    return slowestThread(b);
}

RunSide summarize(const AnalysisReport& r, const ThreadReport& chosen)
{
    RunSide side{r.configuration->name(), r.calls, r.operationTime.mean, r.slowestThreadTime.mean,
                 r.idOf(chosen.wrapper),  {}};
    for (const ThreadReport& t : r.threads) {
        side.slowestShare.emplace_back(r.idOf(t.wrapper), t.slowestShare);
    }
    return side;
}

bool sameStage(const StageComparison& s, const TimemapStage& t, const AnalysisReport& r)
{
    return s.stage == t.stage && s.direction == t.direction && s.wrapper == r.idOf(t.wrapper);
}

StageComparison fromB(const TimemapStage& t, const AnalysisReport& b, const ThreadReport& thread)
{
    return StageComparison{t.stage,
                           t.direction,
                           b.idOf(t.wrapper),
                           std::nullopt,
                           t.meanNs,
                           std::nullopt,
                           static_cast<double>(t.depth) / thread.pathLength};
}

// Pairs the stages of both paths by (stage, direction, wrapper id), keeping path order; a
// stage of B with no partner is placed before the next paired stage.
std::vector<StageComparison> alignStages(const AnalysisReport& a, const ThreadReport& ta,
                                         const AnalysisReport& b, const ThreadReport& tb)
{
    std::vector<StageComparison> out;
    size_t nextB = 0;
    for (const TimemapStage& s : ta.timemap) {
        StageComparison c{s.stage,     s.direction,  a.idOf(s.wrapper),
                          s.meanNs,    std::nullopt, static_cast<double>(s.depth) / ta.pathLength,
                          std::nullopt};
        for (size_t j = nextB; j < tb.timemap.size(); ++j) {
            if (!sameStage(c, tb.timemap[j], b)) {
                continue;
            }
            for (; nextB < j; ++nextB) {
                out.push_back(fromB(tb.timemap[nextB], b, tb));
            }
            c.meanB = tb.timemap[j].meanNs;
            c.scaledDepthB = static_cast<double>(tb.timemap[j].depth) / tb.pathLength;
            nextB = j + 1;
            break;
        }
        out.push_back(std::move(c));
    }
    for (; nextB < tb.timemap.size(); ++nextB) {
        out.push_back(fromB(tb.timemap[nextB], b, tb));
    }
    return out;
}

} // namespace

Result<Comparison> compareRuns(const AnalysisReport& a, const AnalysisReport& b,
                               const std::optional<std::string>& thread,
                               const std::optional<OperationTimes>& times,
                               const BootstrapOptions& bootstrap)
{
    const ThreadReport* ta = nullptr;
    if (thread) {
        const int w = a.configuration->indexOf(*thread);
        ta = w >= 0 ? a.thread(w) : nullptr;
        if (!ta) {
            return makeError(ErrorCode::InvalidArgument,
                             "thread '" + *thread + "' is not a thread of run A");
        }
    } else {
        ta = slowestThread(a);
    }
    const ThreadReport* tb = counterpartIn(b, a, *ta);
    Comparison c;
    c.a = summarize(a, *ta);
    c.b = summarize(b, *tb);
    c.speedup = c.a.meanOperationTime / c.b.meanOperationTime;
    c.stages = alignStages(a, *ta, b, *tb);
    if (times && !times->a.empty() && !times->b.empty()) {
        XYLEM_TRY(interval, speedupInterval(times->a, times->b, bootstrap));
        c.interval = interval.value();
    }
    return c;
}

} // namespace xylem
