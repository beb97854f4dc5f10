// What to try next, from a run's findings. The rules follow the PATHS analysis (seeds 002, §3-4)
// and EventSpace (seeds 000):
// - a periodic disturbance that hits one thread: PATHS names system daemons as a source of
//   noise; look for a daemon or timer on that thread's host;
// - a culprit first: "for applications with load balance problems, optimizing collective
//   operations will not significantly improve performance" — balance the late thread's work (or
//   move it off its host); the same for an MPI rank that makes the others wait;
// - steep departure serialization at a gred: add a level to its subtree (fewer children per
//   gred; not for an MPI run, whose tree is the MPI library's); when its children are one
//   host's threads, also fewer threads per host;
// - a proxy hop as the hottest stage of the slowest class when its path crosses two or more hops
//   and the hop is at least kHopShareOfPath of the path's time without arrival waits: fewer
//   network hops on that path (fewer tree levels across hosts, or a gred moved to the hop's
//   other host), weighed against the load on the root host. One hop dominating is what the best
//   trees of PATHS look like ("the TCP/IP stages dominate"), so it suggests nothing;
// - a balanced run with none of those: the tree's shape is where time is won — compare shapes;
// - tuples overwritten before they were read: bigger rings or pulling more often; a recording
//   that slowed the program by more than kCoscheduleSlowdownPct: coschedule the monitor's
//   filters with the application (EventSpace's coscheduling);
// - hosts without a clock model in a run of several hosts: measure the clocks, since one-way
//   proxy times are only estimated.

#include "core/analysis/findings.h"

namespace xylem {

namespace {

const std::string& hostOf(const Findings& f, int wrapper)
{
    return f.configuration->wrapper(wrapper).host;
}

void suggestForTree(const Findings& f, std::vector<Suggestion>& out)
{
    bool treeAdvice = false;
    if (const Finding* s = f.find(FindingKind::Serialization)) {
        const auto& d = std::get<SerializationFinding>(s->detail);
        // An MPI run's tree is the library's, seen from outside: not Xylem's to reshape.
        if (f.find(FindingKind::WaitState) == nullptr) {
            out.push_back({SuggestionKind::SplitGred, d.gred, -1, hostOf(f, d.gred), d.departures,
                           FindingView::Serialization});
        }
        if (d.childrenAreThreads) {
            out.push_back({SuggestionKind::FewerThreadsPerHost, d.gred, -1, hostOf(f, d.gred),
                           d.departures, FindingView::Serialization});
        }
        treeAdvice = true;
    }
    if (const Finding* h = f.find(FindingKind::Hotspot)) {
        const auto& d = std::get<HotspotFinding>(h->detail);
        if ((d.stage == Stage::Down || d.stage == Stage::Up) && d.hops >= 2 &&
            d.shareOfPath >= kHopShareOfPath) {
            out.push_back({SuggestionKind::FewerHops, d.wrapper, -1, hostOf(f, d.wrapper), 0,
                           FindingView::Timemap});
            treeAdvice = true;
        }
    }
    if (!treeAdvice && f.find(FindingKind::Balanced) != nullptr && f.calls > 0) {
        out.push_back({SuggestionKind::TuneTree, -1, -1, {}, 0, FindingView::Timemap});
    }
}

void suggestForRecording(const Findings& f, std::vector<Suggestion>& out)
{
    if (const Finding* g = f.find(FindingKind::Gathering)) {
        const auto& d = std::get<GatheringFinding>(g->detail);
        if (d.overwritten > 0) {
            out.push_back({SuggestionKind::GatherMore, -1, -1, {}, 0, FindingView::Monitors});
        }
        if (d.slowdownPct && *d.slowdownPct > kCoscheduleSlowdownPct) {
            out.push_back({SuggestionKind::Coschedule, -1, -1, {}, 0, FindingView::Monitors});
        }
    }
    if (const Finding* c = f.find(FindingKind::Clocks)) {
        const auto& d = std::get<ClockFinding>(c->detail);
        if (d.hosts > 1 && d.unmeasured > 0) {
            out.push_back(
                {SuggestionKind::MeasureClocks, -1, -1, d.firstUnmeasured, 0, FindingView::Clocks});
        }
    }
}

} // namespace

std::vector<Suggestion> suggestFromFindings(const Findings& f)
{
    std::vector<Suggestion> out;
    int culprit = -1;
    if (const Finding* c = f.find(FindingKind::Culprit)) {
        culprit = std::get<CulpritFinding>(c->detail).thread;
        out.push_back({SuggestionKind::BalanceCulprit, culprit, -1, hostOf(f, culprit), 0,
                       FindingView::WeightedTree});
    }
    if (const Finding* w = f.find(FindingKind::WaitState)) {
        const auto& d = std::get<WaitStateFinding>(w->detail);
        // The same thread as the culprit: one suggestion says it.
        if (w->severity != Severity::Fine && d.mainCause >= 0 &&
            (d.wrapper < 0 || d.wrapper != culprit)) {
            out.push_back({SuggestionKind::BalanceRank, d.wrapper, d.mainCause,
                           d.wrapper >= 0 ? hostOf(f, d.wrapper) : std::string(), 0,
                           FindingView::WaitStates});
        }
    }
    if (const Finding* p = f.find(FindingKind::Periodic)) {
        const auto& d = std::get<PeriodicFinding>(p->detail);
        if (d.periodic && d.victim >= 0) {
            out.push_back({SuggestionKind::QuietHost, d.victim, -1, hostOf(f, d.victim), 0,
                           FindingView::OverTime});
        }
    }
    suggestForTree(f, out);
    suggestForRecording(f, out);
    return out;
}

} // namespace xylem
