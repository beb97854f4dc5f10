#include "app/cli/findingstext.h"

#include "app/cli/durationformat.h"

#include <array>
#include <string>

namespace xylem::cli {

namespace {

std::string_view viewName(FindingView view)
{
    static constexpr std::array<std::string_view, 9> names{
        "weighted tree", "timemap", "serialization", "timeline", "tables",
        "wait states",   "clocks",  "monitors",      "over time"};
    return names[static_cast<size_t>(view)];
}

char mark(Severity s)
{
    return s == Severity::Problem ? '!' : s == Severity::Notice ? '*' : '-';
}

std::string ns(std::int64_t v)
{
    return formatDuration(static_cast<double>(v));
}

struct Line
{
    const Findings& f;
    std::ostream& o;

    void operator()(const CulpritFinding& c) const
    {
        o << "Culprit: " << f.idOf(c.thread) << " (host " << f.configuration->wrapper(c.thread).host
          << ") is the last arrival at the root in " << formatShare(c.criticalShare) << " of calls";
        if (c.gred >= 0) {
            o << "; at " << f.idOf(c.gred) << " the others wait at least "
              << formatDuration(c.costNs) << " for it, " << formatShare(c.costShare)
              << " of the mean operation time";
        }
    }
    void operator()(const BalancedFinding& b) const
    {
        const CulpritFinding& c = b.mostOftenLast;
        if (c.thread < 0) {
            o << "Balanced: no complete call to tell who is late";
            return;
        }
        o << "Balanced: no single culprit. The most frequent last arrival, " << f.idOf(c.thread)
          << ", is last at the root in " << formatShare(c.criticalShare) << " of calls";
        if (c.gred >= 0) {
            o << " and costs " << formatShare(c.costShare) << " of the mean operation time";
        }
    }
    void operator()(const HotspotFinding& h) const
    {
        o << "Hottest stage of the slowest class (" << h.signature << ", " << h.classSize
          << (h.classSize == 1 ? " thread" : " threads") << ", representative " << f.idOf(h.thread)
          << "): " << toString(h.stage) << " at " << f.idOf(h.wrapper) << ", "
          << formatDuration(h.meanNs) << ", " << formatShare(h.shareOfCall) << " of its call time, "
          << formatShare(h.shareOfPath) << " without arrival waits";
    }
    void operator()(const SerializationFinding& s) const
    {
        o << "Steep departure serialization at " << f.idOf(s.gred) << ": of " << s.departures
          << " departures the first leaves " << formatDuration(s.firstNs) << " after the release, "
          << "the last " << formatDuration(s.lastNs) << " (+" << formatDuration(s.slopeNs)
          << " a position), " << formatShare(s.shareOfOp) << " of the mean operation time";
        if (s.steepGreds > 1) {
            o << "; " << s.steepGreds << " greds are steep";
        }
    }
    void operator()(const CompletenessFinding& c) const
    {
        if (c.incomplete == 0) {
            o << "All " << c.calls << " calls complete";
            return;
        }
        o << c.incomplete << " of " << (c.calls + c.incomplete) << " calls incomplete ("
          << formatShare(c.incompleteShare) << "), left out of every number";
    }
    void operator()(const GatheringFinding& g) const
    {
        o << "Gathering: ";
        if (g.gatherRatePct) {
            o << formatShare(*g.gatherRatePct / 100) << " of the recorded tuples gathered"
              << (g.rateComplete ? "" : " (lost collectors' counts stop at their loss)") << ", ";
        }
        o << g.overwritten << " of " << g.written << " overwritten before they were read";
        if (g.lostNodes > 0 || g.slowNodes > 0) {
            o << "; " << g.lostNodes << " node(s) lost, " << g.slowNodes << " slow";
        }
        if (g.slowdownPct) {
            o << "; the program ran " << formatShare(*g.slowdownPct / 100) << " slower monitored";
        }
    }
    void operator()(const ClockFinding& c) const
    {
        o << "Clocks: ";
        if (c.hosts <= 1) {
            o << "one host, one clock";
        } else if (!c.modelsKnown) {
            o << c.hosts
              << " hosts and no clock model stored: times across hosts are taken as "
                 "they are";
        } else {
            o << c.modelled << " of " << c.hosts << " hosts modelled";
            if (c.unmeasured > 0) {
                o << " (" << c.unmeasured << " never measured, e.g. " << c.firstUnmeasured << ")";
            }
            o << ", error bound up to " << ns(c.worstErrorBoundNs);
            if (c.worstResidualNs > 0) {
                o << ", residual skew up to " << ns(c.worstResidualNs) << " on " << c.residualHost
                  << (c.residualBeyondBound ? ", beyond its bound" : "");
            }
        }
        if (c.negativeStages > 0) {
            o << "; " << c.negativeStages << " stage mean(s) negative (worst "
              << formatDuration(c.worstNegativeNs) << "), "
              << (c.negativesExplained ? "explained by the clocks" : "not explained by the clocks");
        }
    }
    void operator()(const PeriodicFinding& p) const
    {
        if (p.slowCalls == 0) {
            o << "No slow call (none above " << formatDuration(p.thresholdNs) << ")";
            return;
        }
        if (!p.periodic) {
            o << p.slowCalls << " slow calls (above " << formatDuration(p.thresholdNs) << ") in "
              << p.strikes << " strikes, with no period";
            return;
        }
        o << "Periodic slow calls: every " << formatDuration(p.periodNs) << " (phase "
          << formatDuration(p.phaseNs) << "), " << p.matchedCalls << " of " << p.slowCalls
          << " slow calls, " << formatDuration(p.meanExtraNs) << " slower on average";
        if (p.victim >= 0) {
            o << "; late in " << formatShare(p.victimShare) << " of them: " << f.idOf(p.victim)
              << " (host " << f.configuration->wrapper(p.victim).host << ")";
        }
    }
    void operator()(const WaitStateFinding& w) const
    {
        if (w.waitNs == 0) {
            o << "MPI wait states: no rank waited for another";
            return;
        }
        o << "MPI wait states: " << waitPatternName(w.pattern) << " leads with " << ns(w.waitNs)
          << " in " << w.waits << " waits, " << formatShare(w.shareOfMpiTime)
          << " of the time in MPI";
        if (w.mainCause >= 0) {
            o << "; rank " << w.mainCause << " caused " << formatShare(w.causeShare) << " of it";
        }
    }
};

void printSuggestion(std::ostream& o, const Findings& f, const Suggestion& s)
{
    const std::string id = s.wrapper >= 0 ? f.idOf(s.wrapper) : std::string();
    switch (s.kind) {
    case SuggestionKind::BalanceCulprit:
        o << "Balance " << id << "'s work or move it off host " << s.host
          << ": while one thread is late, a faster tree gains little";
        break;
    case SuggestionKind::BalanceRank:
        o << "Balance rank " << s.rank << "'s work: the other ranks wait for it";
        break;
    case SuggestionKind::SplitGred:
        o << "Give " << id << " one more tree level (fewer than " << s.count
          << " children per gred) to flatten its departures, and compare the runs";
        break;
    case SuggestionKind::FewerThreadsPerHost:
        o << "Run fewer threads on host " << s.host << ": they leave " << id
          << " one after another";
        break;
    case SuggestionKind::FewerHops:
        o << "Take the network hop " << id
          << " off the slowest path: fewer tree levels across hosts, or its gred on the other host "
             "(weighed against the load on the root host)";
        break;
    case SuggestionKind::TuneTree:
        o << "The run is balanced: time is won in the tree itself; compare tree shapes";
        break;
    case SuggestionKind::GatherMore:
        o << "Tuples were overwritten: give the rings more room or pull more often";
        break;
    case SuggestionKind::Coschedule:
        o << "Monitoring slowed the program: coschedule the monitor's filters with it";
        break;
    case SuggestionKind::QuietHost:
        o << "Look for a daemon or timer on host " << s.host << ": something there delays " << id
          << " periodically";
        break;
    case SuggestionKind::MeasureClocks:
        o << "Measure the clocks of every host (" << s.host << " has no model)";
        break;
    }
    o << " [" << viewName(s.view) << "]\n";
}

} // namespace

void printFindings(std::ostream& out, const Findings& findings)
{
    out << "Findings (" << findings.calls << " calls, mean operation time "
        << formatDuration(findings.meanOperationNs) << "):\n";
    for (const Finding& f : findings.findings) {
        out << "  " << mark(f.severity) << ' ';
        std::visit(Line{findings, out}, f.detail);
        out << " [" << viewName(f.view) << "]\n";
    }
    if (!findings.suggestions.empty()) {
        out << "What to try next:\n";
        for (const Suggestion& s : findings.suggestions) {
            out << "  > ";
            printSuggestion(out, findings, s);
        }
    }
    out << '\n';
}

Findings runFindings(const AnalysisReport& report, const WaitStateReport* waits,
                     const std::vector<HostClock>& clocks,
                     const store::StoredAccounting* accounting, const PeriodicOutliers* periodic)
{
    FindingInputs inputs;
    inputs.periodic = periodic;
    inputs.waitStates = waits;
    inputs.clocks = &clocks;
    if (accounting != nullptr) {
        inputs.recording = recordingHealthOf(*accounting);
    }
    return findFindings(report, inputs);
}

} // namespace xylem::cli
