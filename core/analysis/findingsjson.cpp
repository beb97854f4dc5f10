#include "core/analysis/findingsjson.h"

#include "core/analysis/jsonnumber.h"

#include <array>

namespace xylem {

namespace {

using Json = nlohmann::ordered_json;

Json idOrNull(const Findings& f, int wrapper)
{
    return wrapper < 0 ? Json(nullptr) : Json(f.idOf(wrapper));
}

struct Fields
{
    const Findings& f;
    Json& j;

    void culprit(const CulpritFinding& c) const
    {
        j["thread"] = idOrNull(f, c.thread);
        j["gred"] = idOrNull(f, c.gred);
        j["root_child"] = idOrNull(f, c.rootChild);
        j["critical_share"] = c.criticalShare;
        j["root_share"] = c.rootShare;
        j["cost_ns"] = jsonNumber(c.costNs);
        j["cost_share"] = jsonNumber(c.costShare);
    }
    void operator()(const CulpritFinding& c) const { culprit(c); }
    void operator()(const BalancedFinding& b) const { culprit(b.mostOftenLast); }
    void operator()(const HotspotFinding& h) const
    {
        j["wrapper"] = idOrNull(f, h.wrapper);
        j["stage"] = toString(h.stage);
        j["thread"] = idOrNull(f, h.thread);
        j["class"] = h.signature;
        j["class_size"] = h.classSize;
        j["hops"] = h.hops;
        j["mean_ns"] = jsonNumber(h.meanNs);
        j["share_of_call"] = jsonNumber(h.shareOfCall);
        j["share_of_path"] = jsonNumber(h.shareOfPath);
    }
    void operator()(const SerializationFinding& s) const
    {
        j["gred"] = idOrNull(f, s.gred);
        j["departures"] = s.departures;
        j["first_ns"] = s.firstNs;
        j["last_ns"] = s.lastNs;
        j["spread_ns"] = s.spreadNs;
        j["slope_ns"] = s.slopeNs;
        j["share_of_operation"] = s.shareOfOp;
        j["steep_greds"] = s.steepGreds;
        j["children_are_threads"] = s.childrenAreThreads;
    }
    void operator()(const CompletenessFinding& c) const
    {
        j["calls"] = c.calls;
        j["incomplete"] = c.incomplete;
        j["incomplete_share"] = c.incompleteShare;
    }
    void operator()(const GatheringFinding& g) const
    {
        j["gather_rate_pct"] = g.gatherRatePct ? Json(*g.gatherRatePct) : Json(nullptr);
        j["rate_complete"] = g.rateComplete;
        j["written"] = g.written;
        j["overwritten"] = g.overwritten;
        j["lost_nodes"] = g.lostNodes;
        j["slow_nodes"] = g.slowNodes;
        j["slowdown_pct"] = g.slowdownPct ? Json(*g.slowdownPct) : Json(nullptr);
    }
    void operator()(const ClockFinding& c) const
    {
        j["hosts"] = c.hosts;
        j["models_known"] = c.modelsKnown;
        j["modelled"] = c.modelled;
        j["unmeasured"] = c.unmeasured;
        j["first_unmeasured"] = c.firstUnmeasured;
        j["worst_error_bound_ns"] = c.worstErrorBoundNs;
        j["worst_residual_ns"] = c.worstResidualNs;
        j["residual_host"] = c.residualHost;
        j["residual_beyond_bound"] = c.residualBeyondBound;
        j["negative_stages"] = c.negativeStages;
        j["worst_negative_ns"] = c.worstNegativeNs;
        j["negatives_explained"] = c.negativesExplained;
    }
    void operator()(const PeriodicFinding& p) const
    {
        j["periodic"] = p.periodic;
        j["slow_calls"] = p.slowCalls;
        j["strikes"] = p.strikes;
        j["threshold_ns"] = p.thresholdNs;
        j["period_ns"] = p.periodic ? Json(p.periodNs) : Json(nullptr);
        j["phase_ns"] = p.periodic ? Json(p.phaseNs) : Json(nullptr);
        j["matched_calls"] = p.matchedCalls;
        j["mean_extra_ns"] = p.meanExtraNs;
        j["victim"] = idOrNull(f, p.victim);
        j["victim_share"] = p.victimShare;
    }
    void operator()(const WaitStateFinding& w) const
    {
        j["pattern"] = waitPatternKey(w.pattern);
        j["wait_ns"] = w.waitNs;
        j["waits"] = w.waits;
        j["share_of_mpi_time"] = w.shareOfMpiTime;
        j["main_cause"] = w.mainCause < 0 ? Json(nullptr) : Json(w.mainCause);
        j["cause_share"] = w.causeShare;
        j["grid_ns"] = w.gridNs;
        j["wrapper"] = idOrNull(f, w.wrapper);
    }
};

} // namespace

std::string_view findingKindKey(FindingKind kind)
{
    static constexpr std::array<std::string_view, 9> keys{
        "culprit",   "balanced", "hotspot",    "serialization", "completeness",
        "gathering", "clocks",   "wait_state", "periodic"};
    return keys[static_cast<size_t>(kind)];
}

std::string_view findingViewKey(FindingView view)
{
    static constexpr std::array<std::string_view, 9> keys{"tree",     "timemap",  "serialization",
                                                          "timeline", "tables",   "waitstates",
                                                          "clocks",   "monitors", "overtime"};
    return keys[static_cast<size_t>(view)];
}

std::string_view severityKey(Severity severity)
{
    static constexpr std::array<std::string_view, 3> keys{"fine", "notice", "problem"};
    return keys[static_cast<size_t>(severity)];
}

std::string_view suggestionKey(SuggestionKind kind)
{
    static constexpr std::array<std::string_view, 10> keys{
        "balance_culprit", "split_gred",   "fewer_threads_per_host",
        "fewer_hops",      "balance_rank", "tune_tree",
        "gather_more",     "coschedule",   "measure_clocks",
        "quiet_host"};
    return keys[static_cast<size_t>(kind)];
}

nlohmann::ordered_json findingsToJson(const Findings& findings)
{
    Json out;
    out["calls"] = findings.calls;
    out["mean_operation_ns"] = jsonNumber(findings.meanOperationNs);
    Json items = Json::array();
    for (const Finding& f : findings.findings) {
        Json j;
        j["kind"] = findingKindKey(f.kind());
        j["severity"] = severityKey(f.severity);
        j["view"] = findingViewKey(f.view);
        std::visit(Fields{findings, j}, f.detail);
        items.push_back(std::move(j));
    }
    out["items"] = std::move(items);
    Json suggestions = Json::array();
    for (const Suggestion& s : findings.suggestions) {
        suggestions.push_back({{"kind", suggestionKey(s.kind)},
                               {"view", findingViewKey(s.view)},
                               {"wrapper", idOrNull(findings, s.wrapper)},
                               {"rank", s.rank < 0 ? Json(nullptr) : Json(s.rank)},
                               {"host", s.host},
                               {"count", s.count}});
    }
    out["suggestions"] = std::move(suggestions);
    return out;
}

} // namespace xylem
