#include "core/analysis/findings.h"

#include "core/analysis/serialization.h"
#include "core/analysis/stageguard.h"
#include "core/model/mpiruns.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace xylem {

namespace {

double shareOf(double part, double whole)
{
    return whole > 0 ? part / whole : 0;
}

// The culprit's numbers (findings.h): the end of the imbalance path, whether or not it passes
// the thresholds.
CulpritFinding culpritNumbers(const AnalysisReport& report)
{
    CulpritFinding c;
    const auto& path = report.imbalancePath;
    const Configuration& config = *report.configuration;
    if (path.empty() || report.calls == 0) {
        return c;
    }
    c.thread = path.back();
    if (const ThreadReport* t = report.thread(c.thread)) {
        c.criticalShare =
            shareOf(static_cast<double>(t->criticalArrivals), static_cast<double>(report.calls));
    }
    // The root gred: the first gred of the path (a core root has one gred below it).
    for (size_t i = 0; i + 1 < path.size(); ++i) {
        if (config.wrapper(path[i]).kind != WrapperKind::Gred) {
            continue;
        }
        c.rootChild = path[i + 1];
        for (const ContributorReport& k : report.gred(path[i])->contributors) {
            if (k.wrapper == c.rootChild) {
                c.rootShare =
                    shareOf(static_cast<double>(k.lastArrivals), static_cast<double>(report.calls));
            }
        }
        break;
    }
    // The lowest gred with another contributor: what its others wait for the culprit's side.
    for (size_t i = path.size() - 1; i-- > 0;) {
        const GredReport* g = report.gred(path[i]);
        if (g == nullptr || g->contributors.size() < 2) {
            continue;
        }
        c.gred = g->wrapper;
        double least = std::numeric_limits<double>::infinity();
        for (const ContributorReport& k : g->contributors) {
            if (k.wrapper != path[i + 1] && !std::isnan(k.arrivalWait.mean)) {
                least = std::min(least, k.arrivalWait.mean);
            }
        }
        if (std::isfinite(least)) {
            c.costNs = least;
            c.costShare = shareOf(least, report.operationTime.mean);
        }
        break;
    }
    return c;
}

Finding culpritFinding(const AnalysisReport& report)
{
    CulpritFinding c = culpritNumbers(report);
    const double fair =
        report.threads.empty() ? 1.0 : 1.0 / static_cast<double>(report.threads.size());
    const bool named = c.thread >= 0 && c.criticalShare >= kCulpritMinShare &&
                       c.criticalShare >= fair + kCulpritMarginOverFair &&
                       !std::isnan(c.costShare) && c.costShare >= kCulpritMinCost;
    if (named) {
        return {Severity::Problem, FindingView::WeightedTree, c};
    }
    return {Severity::Fine, FindingView::WeightedTree, BalancedFinding{c}};
}

std::optional<Finding> hotspotFinding(const AnalysisReport& report)
{
    const ThreadClass* slowest = nullptr;
    double slowestMean = -std::numeric_limits<double>::infinity();
    for (const ThreadClass& k : report.classes) {
        const ThreadReport* rep = report.thread(k.representative);
        if (rep != nullptr && !std::isnan(rep->callTime.mean) && rep->callTime.mean > slowestMean) {
            slowest = &k;
            slowestMean = rep->callTime.mean;
        }
    }
    if (slowest == nullptr) {
        return std::nullopt;
    }
    for (const Hotspot& h : report.hotspots) {
        if (h.thread == slowest->representative && !std::isnan(h.meanNs)) {
            const auto path = report.configuration->pathToRoot(h.thread);
            const auto hops = std::count_if(path.begin(), path.end(), [&](int w) {
                return report.configuration->wrapper(w).kind == WrapperKind::Proxy;
            });
            double working = 0; // the path's time without waiting for others
            for (const TimemapStage& stage : report.thread(h.thread)->timemap) {
                working += stage.stage == Stage::ArrivalWait ? 0 : stage.meanNs;
            }
            HotspotFinding f{h.wrapper,
                             h.stage,
                             h.thread,
                             slowest->signature,
                             static_cast<int>(slowest->threads.size()),
                             static_cast<int>(hops),
                             h.meanNs,
                             shareOf(h.meanNs, slowestMean),
                             shareOf(h.meanNs, working)};
            return Finding{Severity::Notice, FindingView::Timemap, f};
        }
    }
    return std::nullopt;
}

std::optional<Finding> serializationFinding(const AnalysisReport& report)
{
    const Configuration& config = *report.configuration;
    const double op = report.operationTime.mean;
    std::optional<SerializationFinding> worst;
    int steep = 0;
    for (const GredReport& g : report.greds) {
        const auto& curve = g.serialization;
        if (curve.size() < 2 || std::isnan(curve.front()) || std::isnan(curve.back())) {
            continue;
        }
        const double spread = curve.back() - curve.front();
        if (curve.back() < kSteepRatio * curve.front() || !(op > 0) ||
            spread < kSteepMinShareOfOp * op) {
            continue;
        }
        ++steep;
        if (worst && worst->spreadNs >= spread) {
            continue;
        }
        const auto children = config.children(g.wrapper);
        const bool threads = std::all_of(children.begin(), children.end(), [&](int c) {
            return config.wrapper(c).kind == WrapperKind::Thread;
        });
        worst = SerializationFinding{
            g.wrapper, static_cast<int>(curve.size()), curve.front(), curve.back(),
            spread,    fitLine(curve).slope,           spread / op,   0,
            threads};
    }
    if (!worst) {
        return std::nullopt;
    }
    worst->steepGreds = steep;
    return Finding{Severity::Problem, FindingView::Serialization, *worst};
}

Finding completenessFinding(const AnalysisReport& report)
{
    CompletenessFinding c{report.calls, report.incompleteCalls,
                          shareOf(static_cast<double>(report.incompleteCalls),
                                  static_cast<double>(report.calls + report.incompleteCalls))};
    const Severity s = c.incomplete == 0                             ? Severity::Fine
                       : c.incompleteShare > kIncompleteProblemShare ? Severity::Problem
                                                                     : Severity::Notice;
    return {s, FindingView::Timeline, c};
}

Finding gatheringFinding(const RecordingHealth& r)
{
    GatheringFinding g{r.gatherRatePct, r.rateComplete, r.written,    r.overwritten,
                       r.lostNodes,     r.slowNodes,    r.slowdownPct};
    Severity s = Severity::Fine;
    if (r.overwritten > 0 || r.lostNodes > 0) {
        s = Severity::Problem;
    } else if (r.slowNodes > 0) {
        s = Severity::Notice;
    }
    return {s, FindingView::Monitors, g};
}

Finding clockFinding(const AnalysisReport& report, const std::vector<HostClock>* clocks)
{
    ClockFinding c;
    c.hosts = static_cast<int>(report.configuration->hosts().size());
    c.modelsKnown = clocks != nullptr && !clocks->empty();
    const std::vector<HostClock> none;
    const std::vector<HostClock>& models = clocks != nullptr ? *clocks : none;
    for (const HostClock& h : models) {
        if (h.reference || h.measured) {
            ++c.modelled;
        } else if (++c.unmeasured == 1) {
            c.firstUnmeasured = h.host;
        }
        c.worstErrorBoundNs = std::max(c.worstErrorBoundNs, h.errorBoundNs.value_or(0));
        if (h.residual.maxViolationNs > c.worstResidualNs) {
            c.worstResidualNs = h.residual.maxViolationNs;
            c.residualHost = h.host;
        }
        if (h.errorBoundNs && h.residual.maxViolationNs > *h.errorBoundNs) {
            c.residualBeyondBound = true;
        }
    }
    const StageGuard guard = checkStages(report, models);
    c.negativeStages = static_cast<int>(guard.negatives.size());
    c.worstNegativeNs = guard.worstNs;
    c.negativesExplained = guard.explainedByClocks;
    const bool severalHosts = c.hosts > 1;
    const bool problem =
        c.negativeStages > 0 || (severalHosts && (c.unmeasured > 0 || c.residualBeyondBound));
    const bool notice = severalHosts && !c.modelsKnown;
    return {problem  ? Severity::Problem
            : notice ? Severity::Notice
                     : Severity::Fine,
            FindingView::Clocks, c};
}

Finding waitStateFinding(const WaitStateReport& w, const FindingInputs& inputs,
                         const Configuration& config)
{
    const PatternSeverity* lead = &w.patterns.front();
    for (const PatternSeverity& p : w.patterns) {
        if (p.total.waitNs > lead->total.waitNs) {
            lead = &p;
        }
    }
    WaitStateFinding f{lead->pattern, lead->total.waitNs, lead->total.waits, lead->shareOfMpiTime,
                       lead->mainCause};
    f.gridNs = lead->total.gridNs;
    if (f.mainCause >= 0 && static_cast<size_t>(f.mainCause) < lead->causedNs.size()) {
        f.causeShare = shareOf(static_cast<double>(lead->causedNs[f.mainCause]),
                               static_cast<double>(lead->total.waitNs));
        const auto rank = static_cast<size_t>(f.mainCause);
        f.wrapper = rank < inputs.wrapperOfRank.size() ? inputs.wrapperOfRank[rank]
                                                       : config.indexOf(rankWrapperId(f.mainCause));
    }
    const Severity s = f.waitNs == 0                           ? Severity::Fine
                       : f.shareOfMpiTime >= kWaitProblemShare ? Severity::Problem
                                                               : Severity::Notice;
    return {s, FindingView::WaitStates, f};
}

Finding periodicFinding(const PeriodicOutliers& p)
{
    PeriodicFinding f{p.periodic, p.slowCalls,    p.strikes,     p.thresholdNs, p.periodNs,
                      p.phaseNs,  p.matchedCalls, p.meanExtraNs, p.victim,      p.victimShare};
    const Severity s = p.periodic        ? Severity::Problem
                       : p.slowCalls > 0 ? Severity::Notice
                                         : Severity::Fine;
    return {s, FindingView::OverTime, f};
}

} // namespace

const Finding* Findings::find(FindingKind kind) const
{
    for (const Finding& f : findings) {
        if (f.kind() == kind) {
            return &f;
        }
    }
    return nullptr;
}

Findings findFindings(const AnalysisReport& report, const FindingInputs& inputs)
{
    Findings out;
    out.configuration = report.configuration;
    out.calls = report.calls;
    out.meanOperationNs = report.operationTime.mean;
    out.findings.push_back(culpritFinding(report));
    if (auto h = hotspotFinding(report)) {
        out.findings.push_back(*h);
    }
    if (auto s = serializationFinding(report)) {
        out.findings.push_back(*s);
    }
    if (inputs.waitStates != nullptr) {
        out.findings.push_back(waitStateFinding(*inputs.waitStates, inputs, *report.configuration));
    }
    if (inputs.periodic != nullptr) {
        out.findings.push_back(periodicFinding(*inputs.periodic));
    }
    out.findings.push_back(completenessFinding(report));
    if (inputs.recording) {
        out.findings.push_back(gatheringFinding(*inputs.recording));
    }
    out.findings.push_back(clockFinding(report, inputs.clocks));
    out.suggestions = suggestFromFindings(out);
    return out;
}

} // namespace xylem
