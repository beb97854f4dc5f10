#pragma once

// Periodic outliers (issue 23, item 3; PATHS: "periodical performance faults, e.g. caused by
// system daemons"): recurring slow calls, their period and phase, and whom they hit.
//
// Slow calls. m = the median operation time of the complete calls, MAD = the median of
// |op - m|, sigma = 1.4826 * MAD (the normal's standard deviation from its MAD). A call is slow
// when op > m + max(kSlowSigmas * sigma, kSlowShareOfMedian * m). The median and MAD ignore the
// outliers themselves (unlike mean and stddev), 6 sigma keeps noise out (a normal exceeds it in
// about 1 call in 10^9), and the floor keeps a run of nearly equal calls (MAD ~ 0) from calling
// a wobble of a few % slow.
//
// Strikes. A run of slow calls that are consecutive among the complete calls (in seq order) is
// one strike (one daemon wake-up may delay a few calls in a row); its time is the start of its
// first call, since the run's first down (overtimecalls.h).
//
// Period and phase. Candidate periods: the gaps between strikes one and two apart, sorted and
// cut into clusters of gaps within kPeriodTolerance of the cluster's smallest; the 8 largest
// clusters' medians. From each candidate p0 and each of the first 8 strikes as anchor a comb
// is grown: in time order, a strike within 15 % of a period of the line so far (t = a + n p0,
// refitted by least squares once three strikes fix a slope) joins it. The comb's line is then
// refitted 5 times to the strikes within tol of it, tol = max(kPeriodTolerance * P, the median
// gap between consecutive calls' starts): strikes may jitter by a few % of the period and land
// on the next call. A strike is on the comb when |t - (phase + n P)| <= tol for the nearest n;
// `teeth` = the teeth from the first to the last on the comb, `hits` = the teeth with a strike
// on them. strength = hits / teeth * hits / strikes. The best comb has the largest strength
// (then the most hits). The phase is in [0, P): strikes at phase + n P since the first down.
//
// "No periodic pattern" unless all hold: hits >= kMinHits, hits >= teeth / 2 (at most half the
// strikes missing), hits >= strikes / 2 (at most as many extra strikes as periodic ones), and
// falseAlarm <= kMaxFalseAlarm, where falseAlarm = combs tried * P[Binomial(strikes - 1, w) >=
// hits - 1], w = 2 tol / P: a bound (Bonferroni) on the chance that strikes placed at random
// in time fit one of the combs tried as well (the anchor's tooth is hit by construction). At
// least 6 strikes all on the comb are needed to pass it with 64 combs.

#include "core/analysis/overtimecalls.h"

#include <cstdint>
#include <span>

namespace xylem {

inline constexpr double kSlowSigmas = 6.0;
inline constexpr double kSlowShareOfMedian = 0.1;
inline constexpr double kPeriodTolerance = 0.05;
inline constexpr int kMinHits = 4;
inline constexpr double kMaxFalseAlarm = 1e-3;

struct PeriodicOutliers
{
    // The slow calls, periodic or not.
    double medianNs = 0;
    double thresholdNs = 0; // op above this is slow
    std::int64_t slowCalls = 0;
    std::int64_t strikes = 0;

    // The pattern; the rest is only meaningful when periodic.
    bool periodic = false;
    double periodNs = 0;
    double phaseNs = 0; // in [0, period): the strikes are at phase + n * period since first down
    double toleranceNs = 0;
    std::int64_t matchedStrikes = 0; // on the comb (a tooth may hold two)
    std::int64_t matchedCalls = 0;   // the slow calls of those strikes: what the pattern explains
    std::int64_t teeth = 0;
    std::int64_t hits = 0;
    double strength = 0;    // in [0, 1]
    double falseAlarm = 1;  // see above; small is significant
    double meanExtraNs = 0; // mean of (op - median) over the matched slow calls
    int victim = -1;        // wrapper: the thread most often the culprit of the matched calls
                            // (ties to the later thread in configuration order)
    double victimShare = 0; // of the matched calls
};

// calls: in seq order (RunCalls::calls).
PeriodicOutliers findPeriodicOutliers(std::span<const RunCall> calls);

} // namespace xylem
