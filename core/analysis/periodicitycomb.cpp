#include "core/analysis/periodicitycomb.h"

#include "core/analysis/periodicity.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace xylem {

namespace {

constexpr size_t kMaxCandidates = 8; // gap clusters tried
constexpr size_t kMaxAnchors = 8;    // the comb is grown from each of the first strikes
// While the comb grows, a strike joins it within this share of the period of the line so far:
// wider than the final tolerance, so that a jittered anchor does not keep its neighbours out;
// the final fits keep only the strikes within the tolerance.
constexpr double kGrowTolerance = 0.15;
constexpr int kRefits = 5;

// The most frequent gaps between strikes one and two apart: clusters of gaps within
// kPeriodTolerance of the cluster's smallest, largest first (then the shorter period), each
// represented by its median.
std::vector<double> candidatePeriods(const std::vector<Strike>& strikes)
{
    std::vector<double> gaps;
    for (size_t j = 1; j <= 2; ++j) {
        for (size_t i = 0; i + j < strikes.size(); ++i) {
            gaps.push_back(strikes[i + j].t - strikes[i].t);
        }
    }
    std::sort(gaps.begin(), gaps.end());
    std::vector<std::pair<size_t, double>> clusters; // (size, median)
    for (size_t i = 0; i < gaps.size();) {
        size_t end = i + 1;
        while (end < gaps.size() && gaps[end] <= gaps[i] * (1 + kPeriodTolerance)) {
            ++end;
        }
        if (gaps[i] > 0) {
            clusters.emplace_back(end - i, gaps[i + (end - i) / 2]);
        }
        i = end;
    }
    std::stable_sort(clusters.begin(), clusters.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<double> out;
    for (size_t c = 0; c < clusters.size() && c < kMaxCandidates; ++c) {
        out.push_back(clusters[c].second);
    }
    return out;
}

// Least squares t = a + n * b over the matched strikes.
struct Line
{
    double n = 0, t = 0, nn = 0, nt = 0, count = 0;
    void add(double k, double time)
    {
        n += k;
        t += time;
        nn += k * k;
        nt += k * time;
        ++count;
    }
    bool hasSlope() const { return count >= 3 && count * nn - n * n > 0; }
    double slope() const { return (count * nt - n * t) / (count * nn - n * n); }
    double intercept(double b) const { return (t - b * n) / count; }
};

double toleranceFor(double period, double spacing)
{
    return std::max(kPeriodTolerance * period, spacing);
}

// Grows the comb from strike `anchor` with period p0: each later strike within tolerance of
// the line so far joins it, the line refitted as it grows (p0 until three strikes fix a slope).
// Then the line is fitted to the strikes within tolerance of it, twice.
CombFit growComb(const std::vector<Strike>& strikes, size_t anchor, double p0, double spacing)
{
    double period = p0;
    double a = strikes[anchor].t;
    Line line;
    line.add(0, a);
    for (size_t s = anchor + 1; s < strikes.size(); ++s) {
        const double k = std::round((strikes[s].t - a) / period);
        if (k >= 1 && std::abs(strikes[s].t - (a + k * period)) <=
                          std::max(kGrowTolerance * period, spacing)) {
            line.add(k, strikes[s].t);
            if (line.hasSlope()) {
                period = line.slope();
                a = line.intercept(period);
            }
        }
    }
    CombFit fit;
    for (int pass = 0; pass <= kRefits && period > 0; ++pass) {
        const double tol = toleranceFor(period, spacing);
        Line refit;
        std::set<std::int64_t> teeth;
        fit.onComb.assign(strikes.size(), false);
        fit.matched = 0;
        for (size_t s = 0; s < strikes.size(); ++s) {
            const double k = std::round((strikes[s].t - a) / period);
            if (std::abs(strikes[s].t - (a + k * period)) <= tol) {
                fit.onComb[s] = true;
                ++fit.matched;
                teeth.insert(static_cast<std::int64_t>(k));
                refit.add(k, strikes[s].t);
            }
        }
        fit.period = period;
        fit.tolerance = tol;
        fit.hits = static_cast<std::int64_t>(teeth.size());
        fit.teeth = teeth.empty() ? 0 : *teeth.rbegin() - *teeth.begin() + 1;
        fit.phase = a - std::floor(a / period) * period;
        if (pass < kRefits && refit.hasSlope()) {
            period = refit.slope();
            a = refit.intercept(period);
        }
    }
    fit.found = fit.teeth > 0;
    fit.strength = fit.found
                       ? static_cast<double>(fit.hits) / static_cast<double>(fit.teeth) *
                             static_cast<double>(fit.hits) / static_cast<double>(strikes.size())
                       : 0;
    return fit;
}

} // namespace

double binomialTail(std::int64_t n, std::int64_t k, double p)
{
    if (k <= 0) {
        return 1;
    }
    if (k > n || p <= 0) {
        return 0;
    }
    if (p >= 1) {
        return 1;
    }
    double sum = 0;
    for (std::int64_t i = k; i <= n; ++i) {
        const double logTerm = std::lgamma(double(n) + 1) - std::lgamma(double(i) + 1) -
                               std::lgamma(double(n - i) + 1) + double(i) * std::log(p) +
                               double(n - i) * std::log1p(-p);
        sum += std::exp(logTerm);
    }
    return std::min(1.0, sum);
}

CombFit bestComb(const std::vector<Strike>& strikes, double spacing)
{
    const std::vector<double> candidates = candidatePeriods(strikes);
    const size_t anchors = std::min(kMaxAnchors, strikes.size());
    CombFit best;
    for (double p0 : candidates) {
        for (size_t anchor = 0; anchor < anchors; ++anchor) {
            CombFit fit = growComb(strikes, anchor, p0, spacing);
            if (fit.found && (!best.found || fit.strength > best.strength ||
                              (fit.strength == best.strength && fit.hits > best.hits))) {
                best = std::move(fit);
            }
        }
    }
    if (best.found) {
        // The anchor's tooth is hit by construction: the other strikes decide.
        const double w = std::min(1.0, 2 * best.tolerance / best.period);
        const auto trials = static_cast<double>(candidates.size() * anchors);
        best.falseAlarm =
            std::min(1.0, trials * binomialTail(static_cast<std::int64_t>(strikes.size()) - 1,
                                                best.hits - 1, w));
    }
    return best;
}

} // namespace xylem
