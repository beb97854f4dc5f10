#include "core/analysis/stageguard.h"

#include <cmath>
#include <cstdio>

namespace xylem {

namespace {

std::string duration(double ns)
{
    char text[64];
    const double a = std::fabs(ns);
    if (a >= 1e6) {
        std::snprintf(text, sizeof text, "%.3g ms", ns / 1e6);
    } else if (a >= 1e3) {
        std::snprintf(text, sizeof text, "%.3g us", ns / 1e3);
    } else {
        std::snprintf(text, sizeof text, "%.0f ns", ns);
    }
    return text;
}

} // namespace

StageGuard checkStages(const AnalysisReport& report, const std::vector<HostClock>& clocks)
{
    StageGuard guard;
    for (const ThreadReport& t : report.threads) {
        for (const TimemapStage& s : t.timemap) {
            if (!std::isnan(s.meanNs) && s.meanNs < 0) {
                guard.negatives.push_back({t.wrapper, s.wrapper, s.stage, s.meanNs});
                guard.worstNs = std::min(guard.worstNs, s.meanNs);
            }
        }
    }
    for (const HostClock& c : clocks) {
        if (c.residual.maxViolationNs > guard.residualSkewNs) {
            guard.residualSkewNs = c.residual.maxViolationNs;
            guard.skewedHost = c.host;
        }
    }
    guard.explainedByClocks = !guard.clean() && guard.residualSkewNs > 0 &&
                              static_cast<double>(guard.residualSkewNs) >= -guard.worstNs;
    return guard;
}

std::string describe(const StageGuard& guard, const AnalysisReport& report)
{
    if (guard.clean()) {
        return {};
    }
    const NegativeStage* worst = &guard.negatives.front();
    for (const NegativeStage& n : guard.negatives) {
        worst = n.meanNs < worst->meanNs ? &n : worst;
    }
    const size_t count = guard.negatives.size();
    std::string text = std::to_string(count) + (count == 1 ? " stage mean is" : " stage means are") +
                       " negative (the worst: " + std::string(toString(worst->stage)) + " of " +
                       report.idOf(worst->thread) + " at " + report.idOf(worst->wrapper) + ", " +
                       duration(worst->meanNs) + "): ";
    if (guard.explainedByClocks) {
        return text + "the clocks are the cause, residual skew up to " +
               duration(static_cast<double>(guard.residualSkewNs)) + " on host " +
               guard.skewedHost + " (metrics.md §7)";
    }
    return text + "not explained by the clocks (residual skew " +
           (guard.residualSkewNs > 0
                ? "up to " + duration(static_cast<double>(guard.residualSkewNs)) + " on host " +
                      guard.skewedHost
                : std::string("none measured")) +
           "): the run's tuples break metrics.md §4's order";
}

} // namespace xylem
