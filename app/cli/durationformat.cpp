#include "app/cli/durationformat.h"

#include <cmath>
#include <cstdio>

namespace xylem::cli {

namespace {
std::string printf3(double value, const char* unit)
{
    char buf[64];
    const double magnitude = std::fabs(value);
    const int decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
    std::snprintf(buf, sizeof buf, "%.*f %s", decimals, value, unit);
    return buf;
}
} // namespace

std::string formatDuration(double ns)
{
    if (std::isnan(ns)) {
        return "-";
    }
    const double magnitude = std::fabs(ns);
    if (magnitude < 1e3) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.1f ns", ns);
        return buf;
    }
    if (magnitude < 1e6) {
        return printf3(ns / 1e3, "µs");
    }
    if (magnitude < 1e9) {
        return printf3(ns / 1e6, "ms");
    }
    return printf3(ns / 1e9, "s");
}

std::string formatShare(double fraction)
{
    if (std::isnan(fraction)) {
        return "-";
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f %%", fraction * 100.0);
    return buf;
}

} // namespace xylem::cli
