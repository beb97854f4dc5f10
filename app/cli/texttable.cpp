#include "app/cli/texttable.h"

#include <algorithm>

namespace xylem::cli {

namespace {
size_t displayWidth(const std::string& s)
{
    return static_cast<size_t>(std::count_if(
        s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}
} // namespace

void TextTable::print(std::ostream& out, const std::string& indent) const
{
    std::vector<size_t> widths;
    for (const auto& row : m_rows) {
        widths.resize(std::max(widths.size(), row.size()), 0);
        for (size_t c = 0; c < row.size(); ++c) {
            widths[c] = std::max(widths[c], displayWidth(row[c]));
        }
    }
    for (const auto& row : m_rows) {
        std::string line = indent;
        for (size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size()) {
                line += std::string(widths[c] - displayWidth(row[c]) + 2, ' ');
            }
        }
        out << line << '\n';
    }
}

} // namespace xylem::cli
