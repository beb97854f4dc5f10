#include "app/cli/durationformat.h"

#include "core/model/durationunits.h"

#include <cmath>
#include <cstdio>

namespace xylem::cli {

std::string formatDuration(double ns)
{
    return std::isnan(ns) ? std::string("-") : xylem::formatDuration(ns);
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

std::string formatRatio(double value, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, value);
    return buf;
}

} // namespace xylem::cli
