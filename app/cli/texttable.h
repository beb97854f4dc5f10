#pragma once

// A left-aligned text table with a header row; widths count characters, not UTF-8 bytes.

#include <ostream>
#include <string>
#include <vector>

namespace xylem::cli {

class TextTable
{
public:
    explicit TextTable(std::vector<std::string> header) { m_rows.push_back(std::move(header)); }
    void add(std::vector<std::string> row) { m_rows.push_back(std::move(row)); }
    void print(std::ostream& out, const std::string& indent = "  ") const;

private:
    std::vector<std::vector<std::string>> m_rows;
};

} // namespace xylem::cli
