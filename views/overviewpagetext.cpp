// The words of the overview page: each finding's heading and sentence, each suggestion, and the
// numbers in them (durations in the unit that fits, shares in %, in the user's locale).

#include "views/overviewpage.h"
#include "views/stagename.h"
#include "views/tablemodel.h"
#include "views/waitstatemodel.h"

#include <QLocale>

#include <cmath>

namespace xylem::views {

namespace {

QString id(const Findings& f, int wrapper)
{
    return QString::fromStdString(f.idOf(wrapper)).toHtmlEscaped();
}

QString hostOf(const Findings& f, int wrapper)
{
    return QString::fromStdString(f.configuration->wrapper(wrapper).host).toHtmlEscaped();
}

QString text(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

OverviewText culprit(const Findings& f, const CulpritFinding& c)
{
    QString body =
        OverviewPage::tr("%1 (host %2) is the last to arrive at the root in %3 of the calls.")
            .arg(id(f, c.thread), hostOf(f, c.thread),
                 OverviewPage::formatFraction(c.criticalShare));
    if (c.gred >= 0) {
        body +=
            QLatin1Char(' ') + OverviewPage::tr("At %1 the others wait at least %2 for it: %3 of "
                                                "the mean operation time.")
                                   .arg(id(f, c.gred), OverviewPage::formatNanoseconds(c.costNs),
                                        OverviewPage::formatFraction(c.costShare));
    }
    return {OverviewPage::tr("Culprit: %1").arg(id(f, c.thread)), body};
}

OverviewText balanced(const Findings& f, const BalancedFinding& b)
{
    const CulpritFinding& c = b.mostOftenLast;
    if (c.thread < 0) {
        return {OverviewPage::tr("No complete call"),
                OverviewPage::tr("Every call misses a tuple, so nobody can be found late.")};
    }
    QString body = OverviewPage::tr(
                       "The most frequent last arrival, %1, is last at the root in %2 of the calls")
                       .arg(id(f, c.thread), OverviewPage::formatFraction(c.criticalShare));
    body += c.gred >= 0 && !std::isnan(c.costShare)
                ? OverviewPage::tr(" and costs %1 of the mean operation time.")
                      .arg(OverviewPage::formatFraction(c.costShare))
                : QStringLiteral(".");
    return {OverviewPage::tr("Balanced: no single culprit"), body};
}

OverviewText hotspot(const Findings& f, const HotspotFinding& h)
{
    return {OverviewPage::tr("Hottest stage: %1 at %2").arg(stageName(h.stage), id(f, h.wrapper)),
            OverviewPage::tr(
                "In the slowest class of paths (%1, %2, represented by %3) the %4 at %5 "
                "takes %6: %7 of the call time, %8 of the time without waiting for others.")
                .arg(text(h.signature),
                     h.classSize == 1 ? OverviewPage::tr("1 thread")
                                      : OverviewPage::tr("%1 threads").arg(h.classSize),
                     id(f, h.thread), stageName(h.stage), id(f, h.wrapper),
                     OverviewPage::formatNanoseconds(h.meanNs),
                     OverviewPage::formatFraction(h.shareOfCall),
                     OverviewPage::formatFraction(h.shareOfPath))};
}

OverviewText serialization(const Findings& f, const SerializationFinding& s)
{
    QString body =
        OverviewPage::tr("Of its %1 children the first is released %2 after the gred's "
                         "release, the last %3 after it (%4 more per position): %5 of the "
                         "mean operation time.")
            .arg(s.departures)
            .arg(OverviewPage::formatNanoseconds(s.firstNs),
                 OverviewPage::formatNanoseconds(s.lastNs),
                 OverviewPage::formatNanoseconds(s.slopeNs),
                 OverviewPage::formatFraction(s.shareOfOp));
    if (s.steepGreds > 1) {
        body +=
            QLatin1Char(' ') + OverviewPage::tr("%1 greds serialize steeply.").arg(s.steepGreds);
    }
    return {OverviewPage::tr("Steep departure serialization at %1").arg(id(f, s.gred)), body};
}

OverviewText completeness(const CompletenessFinding& c)
{
    if (c.incomplete == 0) {
        return {OverviewPage::tr("All calls complete"),
                OverviewPage::tr("Every one of the %1 calls has all its tuples.").arg(c.calls)};
    }
    return {OverviewPage::tr("%1 incomplete calls").arg(c.incomplete),
            OverviewPage::tr("%1 of %2 calls (%3) miss a tuple and are left out of every number.")
                .arg(c.incomplete)
                .arg(c.calls + c.incomplete)
                .arg(OverviewPage::formatFraction(c.incompleteShare))};
}

OverviewText gathering(const GatheringFinding& g)
{
    QStringList parts;
    if (g.gatherRatePct) {
        parts << OverviewPage::tr("%1 of the recorded tuples were gathered")
                     .arg(OverviewPage::formatFraction(*g.gatherRatePct / 100));
    }
    parts << OverviewPage::tr("%1 of %2 were overwritten before they were read")
                 .arg(g.overwritten)
                 .arg(g.written);
    if (g.lostNodes > 0 || g.slowNodes > 0) {
        parts << OverviewPage::tr("gather-tree nodes lost: %1, slow: %2")
                     .arg(g.lostNodes)
                     .arg(g.slowNodes);
    }
    if (g.slowdownPct) {
        parts << OverviewPage::tr("the program ran %1 slower while monitored")
                     .arg(OverviewPage::formatFraction(*g.slowdownPct / 100));
    }
    return {g.overwritten > 0 || g.lostNodes > 0 ? OverviewPage::tr("Tuples were lost")
                                                 : OverviewPage::tr("Everything was gathered"),
            parts.join(QStringLiteral("; ")) + QLatin1Char('.')};
}

OverviewText clocks(const ClockFinding& c)
{
    QString body;
    QString heading = OverviewPage::tr("Clocks hold");
    if (c.hosts <= 1) {
        body = OverviewPage::tr("One host: every timestamp is on one clock.");
    } else if (!c.modelsKnown) {
        heading = OverviewPage::tr("Clocks not modelled");
        body =
            OverviewPage::tr("%1 hosts and no clock model stored: times across hosts are taken as "
                             "they are.")
                .arg(c.hosts);
    } else {
        body = OverviewPage::tr("%1 of %2 hosts have a clock model, error bound up to %3.")
                   .arg(c.modelled)
                   .arg(c.hosts)
                   .arg(OverviewPage::formatNanoseconds(static_cast<double>(c.worstErrorBoundNs)));
        if (c.unmeasured > 0) {
            heading = OverviewPage::tr("Clocks not measured");
            body += QLatin1Char(' ') + OverviewPage::tr("Hosts never measured: %1 (the first: %2).")
                                           .arg(c.unmeasured)
                                           .arg(text(c.firstUnmeasured));
        }
        if (c.worstResidualNs > 0) {
            body +=
                QLatin1Char(' ') +
                (c.residualBeyondBound
                     ? OverviewPage::tr("Residual skew up to %1 on %2, beyond its "
                                        "error bound.")
                     : OverviewPage::tr("Residual skew up to %1 on %2."))
                    .arg(OverviewPage::formatNanoseconds(static_cast<double>(c.worstResidualNs)),
                         text(c.residualHost));
            heading = c.residualBeyondBound ? OverviewPage::tr("Clocks skewed") : heading;
        }
    }
    if (c.negativeStages > 0) {
        heading = OverviewPage::tr("Negative stage times");
        body +=
            QLatin1Char(' ') +
            (c.negativesExplained
                 ? OverviewPage::tr("Negative stage means: %1 (the worst %2); the clocks explain "
                                    "them.")
                 : OverviewPage::tr("Negative stage means: %1 (the worst %2), more than the clocks "
                                    "explain."))
                .arg(c.negativeStages)
                .arg(OverviewPage::formatNanoseconds(c.worstNegativeNs));
    }
    return {heading, body};
}

OverviewText waitState(const Findings& f, const WaitStateFinding& w)
{
    if (w.waitNs == 0) {
        return {OverviewPage::tr("No MPI waiting"),
                OverviewPage::tr("No rank waited for another.")};
    }
    QString body = OverviewPage::tr("Ranks waited %1 in %2 calls: %3 of the time in MPI.")
                       .arg(OverviewPage::formatNanoseconds(static_cast<double>(w.waitNs)))
                       .arg(w.waits)
                       .arg(OverviewPage::formatFraction(w.shareOfMpiTime));
    if (w.mainCause >= 0) {
        body += QLatin1Char(' ') +
                OverviewPage::tr("Rank %1%2 caused %3 of it.")
                    .arg(w.mainCause)
                    .arg(w.wrapper >= 0 ? QStringLiteral(" (%1)").arg(id(f, w.wrapper)) : QString())
                    .arg(OverviewPage::formatFraction(w.causeShare));
    }
    return {OverviewPage::tr("MPI wait states: %1").arg(WaitStateModel::patternTitle(w.pattern)),
            body};
}

OverviewText periodic(const Findings& f, const PeriodicFinding& p)
{
    if (p.slowCalls == 0) {
        return {OverviewPage::tr("No slow calls"),
                OverviewPage::tr("No call took longer than %1.")
                    .arg(OverviewPage::formatNanoseconds(p.thresholdNs))};
    }
    if (!p.periodic) {
        return {OverviewPage::tr("Slow calls without a period"),
                OverviewPage::tr("%1 calls took longer than %2, in %3 bursts that do not recur "
                                 "regularly.")
                    .arg(p.slowCalls)
                    .arg(OverviewPage::formatNanoseconds(p.thresholdNs))
                    .arg(p.strikes)};
    }
    QString body =
        OverviewPage::tr("%1 of the %2 slow calls come every %3 (the first at %4), each %5 "
                         "slower on average.")
            .arg(p.matchedCalls)
            .arg(p.slowCalls)
            .arg(OverviewPage::formatNanoseconds(p.periodNs),
                 OverviewPage::formatNanoseconds(p.phaseNs),
                 OverviewPage::formatNanoseconds(p.meanExtraNs));
    if (p.victim >= 0) {
        body += QLatin1Char(' ') + OverviewPage::tr("%1 (host %2) is the late one in %3 of them.")
                                       .arg(id(f, p.victim), hostOf(f, p.victim),
                                            OverviewPage::formatFraction(p.victimShare));
    }
    return {OverviewPage::tr("Periodic slow calls: every %1")
                .arg(OverviewPage::formatNanoseconds(p.periodNs)),
            body};
}

} // namespace

OverviewText OverviewPage::describe(const Findings& f, const Finding& finding)
{
    const auto& d = finding.detail;
    switch (finding.kind()) {
    case FindingKind::Culprit:
        return culprit(f, std::get<CulpritFinding>(d));
    case FindingKind::Balanced:
        return balanced(f, std::get<BalancedFinding>(d));
    case FindingKind::Hotspot:
        return hotspot(f, std::get<HotspotFinding>(d));
    case FindingKind::Serialization:
        return serialization(f, std::get<SerializationFinding>(d));
    case FindingKind::Completeness:
        return completeness(std::get<CompletenessFinding>(d));
    case FindingKind::Gathering:
        return gathering(std::get<GatheringFinding>(d));
    case FindingKind::Clocks:
        return clocks(std::get<ClockFinding>(d));
    case FindingKind::WaitState:
        return waitState(f, std::get<WaitStateFinding>(d));
    case FindingKind::Periodic:
        return periodic(f, std::get<PeriodicFinding>(d));
    }
    return {};
}

QString OverviewPage::describe(const Findings& f, const Suggestion& s)
{
    const QString who = s.wrapper >= 0 ? id(f, s.wrapper) : QString();
    switch (s.kind) {
    case SuggestionKind::BalanceCulprit:
        return tr("Balance the work of %1 or move it off host %2: while one thread is late, a "
                  "faster tree gains little.")
            .arg(who, text(s.host));
    case SuggestionKind::BalanceRank:
        return tr("Balance the work of rank %1: the other ranks wait for it.").arg(s.rank);
    case SuggestionKind::SplitGred:
        return tr("Give %1 one more tree level (fewer than its %2 children per gred), then "
                  "compare the two runs.")
            .arg(who)
            .arg(s.count);
    case SuggestionKind::FewerThreadsPerHost:
        return tr("Run fewer threads on host %1: they leave %2 one after another.")
            .arg(text(s.host), who);
    case SuggestionKind::FewerHops:
        return tr("Take the network hop %1 off the slowest path: fewer tree levels across "
                  "hosts, or its gred on the other host (weighed against the load on the root "
                  "host).")
            .arg(who);
    case SuggestionKind::TuneTree:
        return tr("The run is balanced: time is won in the tree itself. Record other tree "
                  "shapes and compare them.");
    case SuggestionKind::GatherMore:
        return tr("Give the collectors' rings more room or pull more often, so that no tuple "
                  "is overwritten.");
    case SuggestionKind::Coschedule:
        return tr("Coschedule the monitor's filters with the program (Scope builder), so that "
                  "monitoring slows it less.");
    case SuggestionKind::QuietHost:
        return tr("Look for a daemon or timer on host %1: something there delays %2 "
                  "periodically.")
            .arg(text(s.host), who);
    case SuggestionKind::MeasureClocks:
        return tr("Measure the clocks of every host (%1 has no model), so that one-way times "
                  "across hosts are measured.")
            .arg(text(s.host));
    }
    return {};
}

QString OverviewPage::formatNanoseconds(double ns)
{
    // The one unit rule of the GUI and the CLI (core/model/durationunits.h, via tablemodel.h).
    return std::isnan(ns) ? tr("n/a") : views::formatNanoseconds(ns);
}

QString OverviewPage::formatFraction(double fraction)
{
    return std::isnan(fraction) ? tr("n/a")
                                : tr("%1 %").arg(QLocale().toString(100 * fraction, 'f', 1));
}

} // namespace xylem::views
