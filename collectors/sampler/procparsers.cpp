#include "collectors/sampler/procparsers.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <optional>

namespace xylem::sampler {

namespace {

// Hands out the lines of a text with their 1-based numbers; a final newline ends the last line
// rather than starting an empty one.
class LineCursor
{
public:
    explicit LineCursor(std::string_view text)
        : m_rest(text)
    {
    }

    bool next(std::string_view& line)
    {
        if (m_rest.empty()) {
            return false;
        }
        const size_t end = m_rest.find('\n');
        line = m_rest.substr(0, end);
        m_rest = end == std::string_view::npos ? std::string_view{} : m_rest.substr(end + 1);
        ++m_number;
        return true;
    }
    size_t number() const { return m_number; }

private:
    std::string_view m_rest;
    size_t m_number = 0;
};

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

std::vector<std::string_view> words(std::string_view line)
{
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isBlank(line[i])) {
            ++i;
        }
        const size_t start = i;
        while (i < line.size() && !isBlank(line[i])) {
            ++i;
        }
        if (i > start) {
            out.push_back(line.substr(start, i - start));
        }
    }
    return out;
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isBlank(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && isBlank(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

template <typename T> std::optional<T> parseNumber(std::string_view s)
{
    T value{};
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc{} || end != s.data() + s.size() || s.empty()) {
        return std::nullopt;
    }
    return value;
}

Error lineError(std::string_view fileName, size_t line, std::string message)
{
    return makeError(ErrorCode::MalformedInput, std::move(message),
                     std::string(fileName) + ", line " + std::to_string(line));
}

Error fileError(std::string_view fileName, std::string message)
{
    return makeError(ErrorCode::MalformedInput, std::move(message), std::string(fileName));
}

std::string quoted(std::string_view s)
{
    return "'" + std::string(s) + "'";
}

// fields[0] is "cpu" or "cpuN"; the times follow.
Result<CpuTimes> parseCpuTimes(const std::vector<std::string_view>& fields)
{
    constexpr size_t kFields = 8;
    if (fields.size() < kFields + 1) {
        return makeError(ErrorCode::MalformedInput,
                         quoted(fields[0]) + " has " + std::to_string(fields.size() - 1) +
                             " of the 8 fields user nice system idle iowait irq softirq steal");
    }
    std::array<std::uint64_t, kFields> v{};
    for (size_t i = 0; i < kFields; ++i) {
        const auto n = parseNumber<std::uint64_t>(fields[i + 1]);
        if (!n) {
            return makeError(ErrorCode::MalformedInput,
                             quoted(fields[0]) + ": not a number: " + quoted(fields[i + 1]));
        }
        v[i] = *n;
    }
    return CpuTimes{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

} // namespace

Result<CpuStat> parseProcStat(std::string_view text, std::string_view fileName)
{
    CpuStat stat;
    bool haveAll = false;
    LineCursor lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const std::vector<std::string_view> fields = words(line);
        if (fields.empty() || !fields[0].starts_with("cpu")) {
            continue; // intr, ctxt, btime, ... and whatever a newer kernel adds
        }
        std::optional<int> index;
        if (fields[0] != "cpu") {
            index = parseNumber<int>(fields[0].substr(3));
            if (!index || *index < 0) {
                return lineError(fileName, lines.number(), "unknown line " + quoted(fields[0]));
            }
        }
        auto times = parseCpuTimes(fields);
        if (!times) {
            return lineError(fileName, lines.number(), times.error().message);
        }
        if (!index) {
            if (haveAll) {
                return lineError(fileName, lines.number(), "a second aggregate 'cpu' line");
            }
            stat.all = *times;
            haveAll = true;
        } else {
            stat.cpus.push_back(CpuLine{*index, *times});
        }
    }
    if (!haveAll) {
        return fileError(fileName, text.empty() ? "empty file" : "no aggregate 'cpu' line");
    }
    return stat;
}

Result<std::vector<NetDevice>> parseProcNetDev(std::string_view text, std::string_view fileName)
{
    constexpr size_t kCounters = 16; // 8 receive, 8 transmit
    std::vector<NetDevice> devices;
    LineCursor lines(text);
    std::string_view line;
    for (size_t header = 1; header <= 2; ++header) {
        if (!lines.next(line)) {
            return fileError(fileName, text.empty() ? "empty file" : "the header is cut short");
        }
        if (line.find('|') == std::string_view::npos) {
            return lineError(fileName, header, "expected a header line (Inter-|, face |)");
        }
    }
    while (lines.next(line)) {
        if (trim(line).empty()) {
            continue;
        }
        // Interface names cannot hold ':' or blanks (dev_valid_name), so the first colon ends it.
        const size_t colon = line.find(':');
        const std::string_view name =
            colon == std::string_view::npos ? std::string_view{} : trim(line.substr(0, colon));
        if (name.empty()) {
            return lineError(fileName, lines.number(), "expected 'interface: counters'");
        }
        const std::vector<std::string_view> fields = words(line.substr(colon + 1));
        if (fields.size() < kCounters) {
            return lineError(fileName, lines.number(),
                             quoted(name) + " has " + std::to_string(fields.size()) + " of the " +
                                 std::to_string(kCounters) + " counters");
        }
        std::array<std::uint64_t, kCounters> c{};
        for (size_t i = 0; i < kCounters; ++i) {
            const auto n = parseNumber<std::uint64_t>(fields[i]);
            if (!n) {
                return lineError(fileName, lines.number(),
                                 quoted(name) + ": not a number: " + quoted(fields[i]));
            }
            c[i] = *n;
        }
        devices.push_back(NetDevice{std::string(name), c[0], c[1], c[8], c[9]});
    }
    return devices;
}

Result<MemInfo> parseProcMeminfo(std::string_view text, std::string_view fileName)
{
    struct Key
    {
        std::string_view name;
        std::uint64_t MemInfo::*member;
        bool found = false;
    };
    std::array<Key, 5> keys{{{"MemTotal", &MemInfo::totalBytes},
                             {"MemAvailable", &MemInfo::availableBytes},
                             {"MemFree", &MemInfo::freeBytes},
                             {"Buffers", &MemInfo::buffersBytes},
                             {"Cached", &MemInfo::cachedBytes}}};
    MemInfo info;
    LineCursor lines(text);
    std::string_view line;
    while (lines.next(line)) {
        const size_t colon = line.find(':');
        const std::string_view name = trim(line.substr(0, colon));
        auto key = std::find_if(keys.begin(), keys.end(),
                                [&](const Key& k) { return colon != line.npos && k.name == name; });
        if (key == keys.end()) {
            continue;
        }
        const std::vector<std::string_view> fields = words(line.substr(colon + 1));
        const auto kb = fields.size() == 2 && fields[1] == "kB"
                            ? parseNumber<std::uint64_t>(fields[0])
                            : std::nullopt;
        if (!kb || *kb > std::numeric_limits<std::uint64_t>::max() / 1024) {
            return lineError(fileName, lines.number(),
                             quoted(name) + ": expected '<number> kB', found " +
                                 quoted(trim(line.substr(colon + 1))));
        }
        info.*(key->member) = *kb * 1024;
        key->found = true;
    }
    for (const Key& k : keys) {
        if (!k.found && k.name != "MemAvailable") {
            return fileError(fileName,
                             text.empty() ? "empty file" : "no " + std::string(k.name) + " line");
        }
    }
    if (!keys[1].found) {
        info.availableBytes = info.freeBytes + info.buffersBytes + info.cachedBytes;
    }
    return info;
}

} // namespace xylem::sampler
