#include "core/model/table.h"

#include <charconv>
#include <cmath>

namespace xylem {

namespace {

void appendField(std::string& out, const std::string& text)
{
    if (text.find_first_of(",\"\n\r") == std::string::npos) {
        out += text;
        return;
    }
    out += '"';
    for (char c : text) {
        out += c;
        if (c == '"') {
            out += '"';
        }
    }
    out += '"';
}

void appendCell(std::string& out, const Cell& cell)
{
    if (const auto* i = std::get_if<std::int64_t>(&cell)) {
        out += std::to_string(*i);
    } else if (const auto* d = std::get_if<double>(&cell)) {
        if (!std::isnan(*d)) {
            char buf[32];
            const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, *d);
            out.append(buf, ec == std::errc() ? end : buf);
        }
    } else if (const auto* s = std::get_if<std::string>(&cell)) {
        appendField(out, *s);
    }
}

} // namespace

std::string toCsv(const Table& table)
{
    std::string out;
    for (size_t c = 0; c < table.columns.size(); ++c) {
        if (c) {
            out += ',';
        }
        appendField(out, table.columns[c]);
    }
    out += '\n';
    for (const auto& row : table.rows) {
        for (size_t c = 0; c < row.size(); ++c) {
            if (c) {
                out += ',';
            }
            appendCell(out, row[c]);
        }
        out += '\n';
    }
    return out;
}

} // namespace xylem
