#include "core/model/tracecsv.h"

#include "core/model/textfile.h"
#include "core/model/tuplecheck.h"

#include <array>
#include <charconv>
#include <limits>
#include <unordered_map>

namespace xylem {

namespace {

constexpr std::array<std::string_view, 6> kColumns{"collector", "seq", "down_ns",
                                                   "up_ns",     "op",  "ret"};

struct StringHash
{
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
using CollectorIndex = std::unordered_map<std::string, int, StringHash, std::equal_to<>>;

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
        s.remove_suffix(1);
    }
    return s;
}

// Splits a line at commas into at most fields.size() parts; returns how many it found.
size_t splitFields(std::string_view line, std::array<std::string_view, 7>& fields)
{
    size_t n = 0;
    while (n < fields.size()) {
        const size_t comma = line.find(',');
        fields[n++] = trim(line.substr(0, comma));
        if (comma == std::string_view::npos) {
            return n;
        }
        line.remove_prefix(comma + 1);
    }
    return n + 1; // more fields than any valid row
}

Error lineError(size_t line, std::string message, size_t column = 0)
{
    std::string where = "line " + std::to_string(line);
    if (column > 0) {
        where +=
            ", column " + std::to_string(column) + " (" + std::string(kColumns[column - 1]) + ")";
    }
    return makeError(ErrorCode::InvalidTrace, std::move(message), std::move(where));
}

template <typename Int> bool parseInteger(std::string_view text, Int& out)
{
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end && !text.empty();
}

class RowParser
{
public:
    RowParser(const Configuration& config, size_t columns)
        : m_config(config)
        , m_columns(columns)
    {
        for (int i = 0; i < config.wrapperCount(); ++i) {
            m_index.emplace(config.wrapper(i).id, i);
        }
    }

    Result<Tuple> parse(std::string_view line, size_t lineNo) const
    {
        std::array<std::string_view, 7> f;
        const size_t n = splitFields(line, f);
        if (n != m_columns) {
            return lineError(lineNo, "expected " + std::to_string(m_columns) + " fields, found " +
                                         (n > m_columns + 1 ? "more" : std::to_string(n)));
        }
        Tuple t;
        const auto it = m_index.find(f[0]);
        if (it == m_index.end()) {
            return lineError(lineNo,
                             "unknown collector '" + std::string(f[0]) + "' (no such wrapper)", 1);
        }
        if (it->second == m_config.root()) {
            return lineError(
                lineNo, "'" + std::string(f[0]) + "' is the root, which has no event collector", 1);
        }
        t.collector = static_cast<std::uint32_t>(it->second);
        if (!parseInteger(f[1], t.seq)) {
            return malformed(lineNo, 2, f[1]);
        }
        if (!parseInteger(f[2], t.down)) {
            return malformed(lineNo, 3, f[2]);
        }
        if (!parseInteger(f[3], t.up)) {
            return malformed(lineNo, 4, f[3]);
        }
        if (m_columns == 6) {
            if (!parseInteger(f[4], t.op)) {
                return malformed(lineNo, 5, f[4], "an integer 0..65535");
            }
            if (!parseInteger(f[5], t.ret)) {
                return malformed(lineNo, 6, f[5], "an integer -32768..32767");
            }
        }
        if (t.up < t.down) {
            return lineError(lineNo,
                             "up_ns (" + std::to_string(t.up) + ") is before down_ns (" +
                                 std::to_string(t.down) + ")",
                             4);
        }
        return t;
    }

private:
    static Error malformed(size_t lineNo, size_t column, std::string_view text,
                           std::string_view expected = "a 64-bit integer")
    {
        return lineError(lineNo,
                         "malformed number '" + std::string(text) + "' (expected " +
                             std::string(expected) + ")",
                         column);
    }

    const Configuration& m_config;
    size_t m_columns;
    CollectorIndex m_index;
};

Result<size_t> parseHeader(std::string_view header)
{
    std::array<std::string_view, 7> f;
    const size_t n = splitFields(header, f);
    bool matches = n == 4 || n == 6;
    for (size_t i = 0; matches && i < n; ++i) {
        matches = f[i] == kColumns[i];
    }
    if (!matches) {
        return lineError(
            1, "header must be 'collector,seq,down_ns,up_ns', optionally followed by ',op,ret'");
    }
    return n;
}

} // namespace

Result<std::vector<Tuple>> parseTraceCsv(std::string_view text, const Configuration& config)
{
    if (text.starts_with("\xEF\xBB\xBF")) {
        text.remove_prefix(3); // UTF-8 byte-order mark from spreadsheet exports
    }
    const size_t headerEnd = text.find('\n');
    auto columns = parseHeader(text.substr(0, headerEnd));
    if (!columns) {
        return columns.error();
    }
    RowParser parser(config, columns.value());
    std::vector<Tuple> tuples;
    std::vector<std::uint32_t> lineOf; // only to name the line of a duplicate
    tuples.reserve(text.size() / 24);
    lineOf.reserve(text.size() / 24);
    size_t pos = headerEnd == std::string_view::npos ? text.size() : headerEnd + 1;
    for (size_t lineNo = 2; pos < text.size(); ++lineNo) {
        const size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        if (trim(line).empty()) {
            continue;
        }
        auto tuple = parser.parse(line, lineNo);
        if (!tuple) {
            return tuple.error();
        }
        tuples.push_back(tuple.value());
        lineOf.push_back(static_cast<std::uint32_t>(
            std::min<size_t>(lineNo, std::numeric_limits<std::uint32_t>::max())));
    }
    if (const auto problem = findTupleProblem(config, tuples)) {
        std::string message = problem->message;
        if (problem->firstIndex != problem->index) {
            message += " (first on line " + std::to_string(lineOf[problem->firstIndex]) + ")";
        }
        return lineError(lineOf[problem->index], message);
    }
    return tuples;
}

Result<std::vector<Tuple>> readTraceCsvFile(const std::string& path, const Configuration& config)
{
    auto text = readTextFile(path);
    if (!text) {
        return text.error();
    }
    auto tuples = parseTraceCsv(text.value(), config);
    if (!tuples) {
        Error e = tuples.error();
        e.where = path + ": " + e.where;
        return e;
    }
    return tuples;
}

std::string traceToCsv(std::span<const Tuple> tuples, const Configuration& config)
{
    bool withOpRet = false;
    for (const Tuple& t : tuples) {
        withOpRet = withOpRet || t.op != 0 || t.ret != 0;
    }
    std::string out =
        withOpRet ? "collector,seq,down_ns,up_ns,op,ret\n" : "collector,seq,down_ns,up_ns\n";
    out.reserve(tuples.size() * 40);
    for (const Tuple& t : tuples) {
        out += config.wrapper(static_cast<int>(t.collector)).id;
        for (const std::int64_t v : {t.seq, t.down, t.up}) {
            out += ',';
            out += std::to_string(v);
        }
        if (withOpRet) {
            out += ',' + std::to_string(t.op) + ',' + std::to_string(t.ret);
        }
        out += '\n';
    }
    return out;
}

} // namespace xylem
