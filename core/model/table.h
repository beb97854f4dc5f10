#pragma once

// A table of typed cells: what the GUI's table views sort and filter and what every "export
// as CSV" writes. Producers (the analysis report, the session store) fill it; nothing here
// knows where the numbers come from.

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace xylem {

using Cell = std::variant<std::monostate, std::int64_t, double, std::string>; // monostate: no value

struct Table
{
    std::string name;
    std::vector<std::string> columns;
    std::vector<std::vector<Cell>> rows;
};

// RFC 4180: comma separated, CRLF-free (\n), fields with commas, quotes or newlines quoted;
// doubles in their shortest exact form, missing values (and NaN) as empty fields.
std::string toCsv(const Table& table);

} // namespace xylem
