#pragma once

// The comb behind periodicity.h: which period and phase fit a list of strike times best, and
// how unlikely so good a fit is by chance. Definitions in periodicity.h.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem {

struct Strike
{
    double t = 0;     // ns since the run's first down
    size_t first = 0; // its first call, an index into the calls
    size_t count = 0; // slow calls in a row
};

struct CombFit
{
    bool found = false;
    double period = 0;
    double phase = 0; // in [0, period)
    double tolerance = 0;
    std::int64_t matched = 0; // strikes on the comb
    std::int64_t teeth = 0;
    std::int64_t hits = 0;
    double strength = 0;
    double falseAlarm = 1;
    std::vector<bool> onComb; // per strike
};

// strikes in time order; spacing: the median gap between consecutive calls' starts.
CombFit bestComb(const std::vector<Strike>& strikes, double spacing);

// P[Binomial(n, p) >= k], in logs so that large n does not overflow.
double binomialTail(std::int64_t n, std::int64_t k, double p);

} // namespace xylem
