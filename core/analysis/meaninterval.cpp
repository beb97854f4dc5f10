#include "core/analysis/meaninterval.h"

#include <array>
#include <cmath>

namespace xylem {

namespace {

// t(0.975, df) for df 1..30; beyond, the Cornish-Fisher expansion about the normal quantile
// (within 1e-4 of the exact value from df 30 on).
double studentT975(std::int64_t df)
{
    static constexpr std::array<double, 30> kTable{
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201,  2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080,  2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
    if (df >= 1 && df <= 30) {
        return kTable[static_cast<size_t>(df - 1)];
    }
    const double z = 1.959963984540054;
    const double v = static_cast<double>(df);
    const double z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z;
    return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
           (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v);
}

} // namespace

MeanInterval meanInterval(std::span<const std::int64_t> values)
{
    MeanInterval m;
    if (values.empty()) {
        return m;
    }
    long double sum = 0;
    for (const std::int64_t v : values) {
        sum += static_cast<long double>(v);
    }
    const auto n = static_cast<std::int64_t>(values.size());
    m.mean = static_cast<double>(sum / static_cast<long double>(n));
    if (n < 2) {
        return m;
    }
    long double squares = 0;
    for (const std::int64_t v : values) {
        const long double d = static_cast<long double>(v) - m.mean;
        squares += d * d;
    }
    const double s = std::sqrt(static_cast<double>(squares / static_cast<long double>(n - 1)));
    const double half = studentT975(n - 1) * s / std::sqrt(static_cast<double>(n));
    m.lower = m.mean - half;
    m.upper = m.mean + half;
    return m;
}

} // namespace xylem
