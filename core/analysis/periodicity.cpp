#include "core/analysis/periodicity.h"

#include "core/analysis/periodicitycomb.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace xylem {

namespace {

double medianOf(std::vector<double> v)
{
    if (v.empty()) {
        return 0;
    }
    const size_t mid = v.size() / 2;
    std::nth_element(v.begin(), v.begin() + static_cast<long>(mid), v.end());
    const double upper = v[mid];
    if (v.size() % 2 == 1) {
        return upper;
    }
    return (*std::max_element(v.begin(), v.begin() + static_cast<long>(mid)) + upper) / 2;
}

// Runs of slow calls adjacent in seq order; each strike's time is its first call's start.
std::vector<Strike> strikesOf(std::span<const RunCall> calls, double threshold)
{
    std::vector<Strike> strikes;
    for (size_t i = 0; i < calls.size(); ++i) {
        if (static_cast<double>(calls[i].operationTime) <= threshold) {
            continue;
        }
        if (!strikes.empty() && strikes.back().first + strikes.back().count == i) {
            ++strikes.back().count;
        } else {
            strikes.push_back(Strike{static_cast<double>(calls[i].startNs), i, 1});
        }
    }
    // Seq order is nearly always time order; the comb needs the latter.
    std::stable_sort(strikes.begin(), strikes.end(),
                     [](const Strike& a, const Strike& b) { return a.t < b.t; });
    return strikes;
}

// The median gap between consecutive call starts: how far a strike may land from its time.
double callSpacing(std::span<const RunCall> calls)
{
    std::vector<std::int64_t> starts;
    starts.reserve(calls.size());
    for (const RunCall& c : calls) {
        starts.push_back(c.startNs);
    }
    std::sort(starts.begin(), starts.end());
    std::vector<double> gaps;
    for (size_t i = 1; i < starts.size(); ++i) {
        gaps.push_back(static_cast<double>(starts[i] - starts[i - 1]));
    }
    return medianOf(std::move(gaps));
}

// The matched calls' extra time over the median and their most frequent culprit.
void describeMatched(std::span<const RunCall> calls, const std::vector<Strike>& strikes,
                     const std::vector<bool>& matched, PeriodicOutliers& out)
{
    std::map<int, std::int64_t> culprits;
    double extra = 0;
    for (size_t s = 0; s < strikes.size(); ++s) {
        if (!matched[s]) {
            continue;
        }
        for (size_t i = strikes[s].first; i < strikes[s].first + strikes[s].count; ++i) {
            extra += static_cast<double>(calls[i].operationTime) - out.medianNs;
            ++culprits[calls[i].culprit];
            ++out.matchedCalls;
        }
    }
    if (out.matchedCalls == 0) {
        return;
    }
    out.meanExtraNs = extra / static_cast<double>(out.matchedCalls);
    for (const auto& [wrapper, count] : culprits) { // ascending: ties go to the later thread
        if (out.victim < 0 || count >= culprits[out.victim]) {
            out.victim = wrapper;
        }
    }
    out.victimShare =
        static_cast<double>(culprits[out.victim]) / static_cast<double>(out.matchedCalls);
}

} // namespace

PeriodicOutliers findPeriodicOutliers(std::span<const RunCall> calls)
{
    PeriodicOutliers out;
    std::vector<double> ops;
    ops.reserve(calls.size());
    for (const RunCall& c : calls) {
        ops.push_back(static_cast<double>(c.operationTime));
    }
    out.medianNs = medianOf(ops);
    for (double& v : ops) {
        v = std::abs(v - out.medianNs);
    }
    const double sigma = 1.4826 * medianOf(std::move(ops));
    out.thresholdNs =
        out.medianNs + std::max(kSlowSigmas * sigma, kSlowShareOfMedian * out.medianNs);
    const std::vector<Strike> strikes = strikesOf(calls, out.thresholdNs);
    for (const Strike& s : strikes) {
        out.slowCalls += static_cast<std::int64_t>(s.count);
    }
    out.strikes = static_cast<std::int64_t>(strikes.size());
    if (strikes.size() < static_cast<size_t>(kMinHits)) {
        return out;
    }
    const CombFit fit = bestComb(strikes, callSpacing(calls));
    if (!fit.found) {
        return out;
    }
    out.periodNs = fit.period;
    out.phaseNs = fit.phase;
    out.toleranceNs = fit.tolerance;
    out.matchedStrikes = fit.matched;
    out.teeth = fit.teeth;
    out.hits = fit.hits;
    out.strength = fit.strength;
    out.falseAlarm = fit.falseAlarm;
    const double strikesCount = static_cast<double>(strikes.size());
    out.periodic = fit.hits >= kMinHits && 2 * fit.hits >= fit.teeth &&
                   2.0 * static_cast<double>(fit.hits) >= strikesCount &&
                   fit.falseAlarm <= kMaxFalseAlarm;
    if (out.periodic) {
        describeMatched(calls, strikes, fit.onComb, out);
    }
    return out;
}

} // namespace xylem
