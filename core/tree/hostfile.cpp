#include "core/tree/hostfile.h"

#include "core/model/textfile.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>
#include <optional>
#include <sstream>

namespace xylem::tree {

namespace {

bool nameCharacter(char c)
{
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ||
           c == ':';
}

// Host names go into launcher command lines ("ssh {host} ..."): a name that ssh would read
// as an option, or that a shell would split, is no host name.
Result<Ok> checkName(std::string_view name, std::string_view what)
{
    if (name.empty() || name.front() == '-' ||
        !std::all_of(name.begin(), name.end(), nameCharacter)) {
        return makeError(ErrorCode::MalformedInput,
                         "'" + std::string(name) + "' is not a " + std::string(what) +
                             " name (letters, digits, '.', '-', '_', ':'; not starting with '-')");
    }
    return Ok{};
}

std::optional<long long> wholeNumber(std::string_view text)
{
    long long value = 0;
    if (text.empty() || text.size() > 9 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return std::nullopt;
    }
    std::from_chars(text.data(), text.data() + text.size(), value);
    return value;
}

// Splits at commas outside brackets.
std::vector<std::string_view> topLevelItems(std::string_view text)
{
    std::vector<std::string_view> items;
    int depth = 0;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || (text[i] == ',' && depth == 0)) {
            items.push_back(text.substr(start, i - start));
            start = i + 1;
        } else if (text[i] == '[') {
            ++depth;
        } else if (text[i] == ']') {
            --depth;
        }
    }
    return items;
}

Error rangeError(std::string_view text, const std::string& cause)
{
    return makeError(ErrorCode::MalformedInput,
                     "cannot expand the host range '" + std::string(text) + "': " + cause);
}

// The numbers of one bracket, as text with the lower bound's zero padding.
Result<std::vector<std::string>> bracketNumbers(std::string_view body, std::string_view whole)
{
    std::vector<std::string> numbers;
    for (std::string_view item : topLevelItems(body)) {
        const size_t dash = item.find('-');
        const std::string_view lowText = item.substr(0, dash);
        const std::string_view highText =
            dash == std::string_view::npos ? lowText : item.substr(dash + 1);
        const auto low = wholeNumber(lowText);
        const auto high = wholeNumber(highText);
        if (!low || !high) {
            return rangeError(whole, "'" + std::string(item) + "' is not N or N-M");
        }
        if (*high < *low) {
            return rangeError(whole, "'" + std::string(item) + "' runs backwards");
        }
        if (static_cast<std::size_t>(*high - *low) + numbers.size() >= kMaxHostRange) {
            return rangeError(whole, "more than " + std::to_string(kMaxHostRange) + " hosts");
        }
        for (long long n = *low; n <= *high; ++n) {
            std::string digits = std::to_string(n);
            if (digits.size() < lowText.size()) {
                digits.insert(0, lowText.size() - digits.size(), '0');
            }
            numbers.push_back(std::move(digits));
        }
    }
    return numbers;
}

// One item without top-level commas; its first bracket expands, the rest recursively.
Result<Ok> expandItem(const std::string& item, std::string_view whole,
                      std::vector<std::string>& out)
{
    const size_t open = item.find('[');
    if (open == std::string::npos) {
        if (item.find(']') != std::string::npos) {
            return rangeError(whole, "a ']' without its '['");
        }
        XYLEM_TRY(named, checkName(item, "host"));
        if (out.size() >= kMaxHostRange) {
            return rangeError(whole, "more than " + std::to_string(kMaxHostRange) + " hosts");
        }
        out.push_back(item);
        return Ok{};
    }
    const size_t close = item.find(']', open);
    if (close == std::string::npos || item.find('[', open + 1) < close) {
        return rangeError(whole, "a '[' without its ']'");
    }
    XYLEM_TRY(numbers,
              bracketNumbers(std::string_view(item).substr(open + 1, close - open - 1), whole));
    for (const std::string& n : numbers.value()) {
        XYLEM_TRY(expanded,
                  expandItem(item.substr(0, open) + n + item.substr(close + 1), whole, out));
    }
    return Ok{};
}

// "node01:4" -> ("node01", 4). An IPv6 address keeps its colons (slots= serves it).
std::pair<std::string_view, std::optional<std::string_view>> splitSlots(std::string_view spec)
{
    const size_t colon = spec.rfind(':');
    if (colon == std::string_view::npos ||
        spec.substr(0, colon).find(':') != std::string_view::npos) {
        return {spec, std::nullopt};
    }
    return {spec.substr(0, colon), spec.substr(colon + 1)};
}

Result<int> slotCount(std::string_view text, std::string_view field)
{
    const auto n = wholeNumber(text);
    if (!n || *n < 1 || *n > kMaxSlots) {
        return makeError(ErrorCode::MalformedInput,
                         std::string(field) + " must be a whole number from 1 to " +
                             std::to_string(kMaxSlots) + ", not '" + std::string(text) + "'");
    }
    return static_cast<int>(*n);
}

struct LineFields
{
    std::string hostSpec;
    std::optional<int> slots;
    std::optional<int> maxSlots;
    std::string cluster;
};

Result<LineFields> parseFields(const std::string& line)
{
    std::istringstream words(line);
    LineFields f;
    words >> f.hostSpec;
    const auto [hosts, slotsText] = splitSlots(f.hostSpec);
    if (slotsText) {
        XYLEM_TRY(slots, slotCount(*slotsText, "the slots after ':'"));
        f.slots = slots.value();
        f.hostSpec = std::string(hosts);
    }
    std::map<std::string, bool> seen;
    for (std::string word; words >> word;) {
        const size_t eq = word.find('=');
        std::string key = word.substr(0, eq);
        std::replace(key.begin(), key.end(), '-', '_');
        const std::string value = eq == std::string::npos ? "" : word.substr(eq + 1);
        const bool twice = seen[key] || (key == "slots" && f.slots);
        seen[key] = true;
        if (eq == std::string::npos || (key != "slots" && key != "max_slots" && key != "cluster")) {
            return makeError(ErrorCode::MalformedInput,
                             "unknown field '" + word + "' (slots=N, max_slots=N or cluster=NAME)");
        }
        if (twice) {
            return makeError(ErrorCode::MalformedInput, key + " is given twice");
        }
        if (key == "cluster") {
            XYLEM_TRY(named, checkName(value, "cluster"));
            f.cluster = value;
            continue;
        }
        XYLEM_TRY(count, slotCount(value, key));
        (key == "slots" ? f.slots : f.maxSlots) = count.value();
    }
    if (f.maxSlots && *f.maxSlots < f.slots.value_or(1)) {
        return makeError(ErrorCode::MalformedInput, "max_slots is below slots");
    }
    return f;
}

} // namespace

Result<std::vector<std::string>> expandHostList(std::string_view text)
{
    std::vector<std::string> hosts;
    for (std::string_view item : topLevelItems(text)) {
        XYLEM_TRY(expanded, expandItem(std::string(item), text, hosts));
    }
    return hosts;
}

Result<std::vector<HostEntry>> parseHostFile(std::string_view text, const std::string& file)
{
    std::vector<HostEntry> entries;
    std::map<std::string, int> firstLine;
    std::istringstream in{std::string(text)};
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        line = line.substr(0, line.find('#'));
        if (line.find_first_not_of(" \t\r") == std::string::npos) {
            continue;
        }
        const std::string where = file + ":" + std::to_string(number);
        auto fields = parseFields(line);
        auto hosts = fields ? expandHostList(fields->hostSpec)
                            : Result<std::vector<std::string>>(fields.error());
        if (!hosts) {
            return makeError(hosts.error().code, hosts.error().message, where);
        }
        for (std::string& host : hosts.value()) {
            if (const auto [it, fresh] = firstLine.emplace(host, number); !fresh) {
                return makeError(ErrorCode::MalformedInput,
                                 "host " + host + " is listed twice (first on line " +
                                     std::to_string(it->second) + ")",
                                 where);
            }
            entries.push_back(
                HostEntry{std::move(host), fields->slots.value_or(1), fields->cluster, number});
        }
        if (entries.size() > 16 * kMaxHostRange) {
            return makeError(ErrorCode::MalformedInput,
                             "more than " + std::to_string(16 * kMaxHostRange) + " hosts", where);
        }
    }
    if (entries.empty()) {
        return makeError(ErrorCode::MalformedInput, "the host file lists no host", file);
    }
    return entries;
}

Result<std::vector<HostEntry>> readHostFile(const std::string& path)
{
    XYLEM_TRY(text, readTextFile(path));
    return parseHostFile(text.value(), path);
}

} // namespace xylem::tree
