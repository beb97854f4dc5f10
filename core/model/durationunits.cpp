#include "core/model/durationunits.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace xylem {

namespace {

// Decimals of a value shown in a unit (durationunits.h): three significant digits below 1.
int decimalsFor(double value, DurationUnit unit)
{
    if (unit == DurationUnit::Nanoseconds) {
        return 1;
    }
    const double magnitude = std::fabs(value);
    if (magnitude >= 100) {
        return 1;
    }
    if (magnitude >= 10) {
        return 2;
    }
    if (magnitude >= 1 || magnitude == 0) {
        return 3;
    }
    const int leadingZeros = static_cast<int>(std::floor(-std::log10(magnitude)));
    return std::min(9, leadingZeros + 3);
}

} // namespace

DurationUnit durationUnitFor(double ns)
{
    const double magnitude = std::fabs(ns);
    if (!(magnitude >= 1e3)) { // NaN too
        return DurationUnit::Nanoseconds;
    }
    if (magnitude < 1e6) {
        return DurationUnit::Microseconds;
    }
    return magnitude < 1e9 ? DurationUnit::Milliseconds : DurationUnit::Seconds;
}

DurationUnit durationUnitFor(std::span<const double> ns)
{
    double largest = 0;
    for (const double v : ns) {
        if (std::isfinite(v)) {
            largest = std::max(largest, std::fabs(v));
        }
    }
    return durationUnitFor(largest);
}

double nanosecondsPer(DurationUnit unit)
{
    switch (unit) {
    case DurationUnit::Nanoseconds:
        return 1;
    case DurationUnit::Microseconds:
        return 1e3;
    case DurationUnit::Milliseconds:
        return 1e6;
    case DurationUnit::Seconds:
        return 1e9;
    }
    return 1;
}

double inUnit(double ns, DurationUnit unit)
{
    return ns / nanosecondsPer(unit);
}

std::string_view unitSymbol(DurationUnit unit)
{
    switch (unit) {
    case DurationUnit::Nanoseconds:
        return "ns";
    case DurationUnit::Microseconds:
        return "\u00b5s";
    case DurationUnit::Milliseconds:
        return "ms";
    case DurationUnit::Seconds:
        return "s";
    }
    return "ns";
}

std::string formatInUnit(double ns, DurationUnit unit)
{
    if (std::isnan(ns)) {
        return {};
    }
    const double value = inUnit(ns, unit);
    char buf[64];
    const auto [end, error] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed,
                                            decimalsFor(value, unit));
    return error == std::errc{} ? std::string(buf, end) : std::string("inf");
}

std::string formatDuration(double ns, DurationUnit unit)
{
    if (std::isnan(ns)) {
        return {};
    }
    return formatInUnit(ns, unit) + ' ' + std::string(unitSymbol(unit));
}

std::string formatDuration(double ns)
{
    return formatDuration(ns, durationUnitFor(ns));
}

} // namespace xylem
