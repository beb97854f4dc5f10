#pragma once

// The one rule for showing durations to people, shared by xylem-cli and the GUI: which of ns,
// µs, ms and s a value (or a whole column or axis) is shown in, and how many decimals.
//
// One value: the largest unit in which its magnitude is at least 1 (below 1 µs: ns; 0 and NaN:
// ns). Several values that are read together (a table column, a plot axis): the unit of the
// largest finite magnitude among them, so no value reaches 1000 of the unit and every value of
// the column is in the same unit. Decimals: in ns one; in the others one from 100 up, two from
// 10, three from 1 (and for 0), and below 1 (a small value in a column of big ones) as many as
// give three significant digits. Formatting ignores the C locale: always a decimal point.

#include <span>
#include <string>
#include <string_view>

namespace xylem {

enum class DurationUnit
{
    Nanoseconds,
    Microseconds,
    Milliseconds,
    Seconds
};

DurationUnit durationUnitFor(double ns);
DurationUnit durationUnitFor(std::span<const double> ns); // ns when none is finite

double nanosecondsPer(DurationUnit unit); // 1, 1e3, 1e6, 1e9
double inUnit(double ns, DurationUnit unit);
std::string_view unitSymbol(DurationUnit unit); // "ns", "µs" (UTF-8), "ms", "s"

// "12.3 µs"; empty for NaN.
std::string formatDuration(double ns, DurationUnit unit);
std::string formatDuration(double ns); // in durationUnitFor(ns)
// The number alone, as formatDuration writes it: "12.3".
std::string formatInUnit(double ns, DurationUnit unit);

} // namespace xylem
