#include "core/analysis/callwindow.h"

#include "core/analysis/calldetail.h"
#include "core/model/int128.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace xylem {

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

Error badBound(std::string_view text, std::string_view why)
{
    return makeError(ErrorCode::InvalidArgument,
                     "'" + std::string(text) + "' is not a window bound (" + std::string(why) +
                         "): give #S (a call number) or a time since the run's first down with "
                         "a unit, e.g. 250ms, 1.5s, 800us");
}

bool isDigits(std::string_view s)
{
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Digits as a non-negative integer; nullopt when it does not fit int64.
std::optional<std::int64_t> digitsValue(std::string_view s)
{
    std::int64_t v = 0;
    for (const char c : s) {
        if (v > (kMax - (c - '0')) / 10) {
            return std::nullopt;
        }
        v = v * 10 + (c - '0');
    }
    return v;
}

// ns per unit of a time bound's suffix, 0 when it is none of them.
std::int64_t unitScale(std::string_view unit)
{
    if (unit == "ns") {
        return 1;
    }
    if (unit == "us" || unit == "\xC2\xB5s") { // µs in UTF-8
        return 1'000;
    }
    if (unit == "ms") {
        return 1'000'000;
    }
    if (unit == "s") {
        return 1'000'000'000;
    }
    return 0;
}

Result<WindowBound> parseTime(std::string_view text)
{
    const size_t numberEnd = text.find_first_not_of("0123456789.");
    const std::string_view number = text.substr(0, numberEnd);
    const std::string_view unit = numberEnd == std::string_view::npos ? "" : text.substr(numberEnd);
    const size_t dot = number.find('.');
    const std::string_view whole = number.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? "" : number.substr(dot + 1);
    if (!isDigits(whole) || (dot != std::string_view::npos && !isDigits(fraction))) {
        return badBound(text, "not a number");
    }
    if (unit.empty()) {
        return badBound(text, "no unit");
    }
    const std::int64_t scale = unitScale(unit);
    if (scale == 0) {
        return badBound(text, "unknown unit '" + std::string(unit) + "'");
    }
    const auto w = digitsValue(whole);
    if (!w || *w > kMax / scale) {
        return badBound(text, "too large");
    }
    // The fraction in whole ns, rounded down: digits beyond the unit's ns are dropped.
    std::int64_t fractionNs = 0;
    std::int64_t place = scale;
    for (const char c : fraction) {
        place /= 10;
        fractionNs += (c - '0') * place;
    }
    if (*w * scale > kMax - fractionNs) {
        return badBound(text, "too large");
    }
    return WindowBound{WindowBound::Kind::Time, *w * scale + fractionNs};
}

bool keeps(const std::optional<WindowBound>& from, const std::optional<WindowBound>& to,
           std::int64_t seq, std::int64_t sinceOrigin)
{
    const auto at = [&](const WindowBound& b) {
        return b.kind == WindowBound::Kind::Seq ? seq : sinceOrigin;
    };
    if (from && at(*from) < from->value) {
        return false;
    }
    if (to) {
        const bool inclusive = to->kind == WindowBound::Kind::Seq;
        if (inclusive ? at(*to) > to->value : at(*to) >= to->value) {
            return false;
        }
    }
    return true;
}

constexpr std::int64_t kAbsent = std::numeric_limits<std::int64_t>::max();

struct SeqStart
{
    std::int64_t seq = 0;
    std::int64_t earliestDown = kAbsent; // kAbsent: no tuple has this seq
    bool kept = false;
};

// The calls by seq, ascending, each with its earliest down. Dense seq ranges (calls numbered
// 0, 1, 2, ...: the normal case) get a slot per seq, found by subtraction, with the seqs that
// no tuple has left absent; sparse ones sort the distinct seqs and binary-search them.
class SeqTable
{
public:
    explicit SeqTable(std::span<const Tuple> tuples)
    {
        const auto [lo, hi] =
            std::minmax_element(tuples.begin(), tuples.end(),
                                [](const Tuple& a, const Tuple& b) { return a.seq < b.seq; });
        const auto range = static_cast<UInt128>(static_cast<Int128>(hi->seq) - lo->seq) + 1;
        m_lo = lo->seq;
        m_dense = range <= static_cast<UInt128>(tuples.size()) + 1024;
        if (m_dense) {
            m_calls.resize(static_cast<size_t>(range));
            for (const Tuple& t : tuples) {
                SeqStart& c = m_calls[static_cast<size_t>(t.seq - m_lo)];
                c.seq = t.seq;
                c.earliestDown = std::min(c.earliestDown, t.down);
            }
            return;
        }
        m_calls.reserve(tuples.size());
        for (const Tuple& t : tuples) {
            m_calls.push_back(SeqStart{t.seq, t.down, false});
        }
        std::sort(m_calls.begin(), m_calls.end(), [](const SeqStart& a, const SeqStart& b) {
            return a.seq != b.seq ? a.seq < b.seq : a.earliestDown < b.earliestDown;
        });
        m_calls.erase(
            std::unique(m_calls.begin(), m_calls.end(),
                        [](const SeqStart& a, const SeqStart& b) { return a.seq == b.seq; }),
            m_calls.end());
    }

    // In seq order; skip the absent ones.
    std::vector<SeqStart>& calls() { return m_calls; }
    const SeqStart& of(std::int64_t seq) const
    {
        if (m_dense) {
            return m_calls[static_cast<size_t>(seq - m_lo)];
        }
        return *std::lower_bound(m_calls.begin(), m_calls.end(), seq,
                                 [](const SeqStart& c, std::int64_t s) { return c.seq < s; });
    }

private:
    bool m_dense = true;
    std::int64_t m_lo = 0;
    std::vector<SeqStart> m_calls;
};

} // namespace

Result<WindowBound> parseWindowBound(std::string_view text)
{
    if (text.empty()) {
        return badBound(text, "empty");
    }
    if (text.front() != '#') {
        return parseTime(text);
    }
    const std::string_view digits = text.substr(1);
    if (!isDigits(digits)) {
        return badBound(text, "a call number is # and digits");
    }
    const auto seq = digitsValue(digits);
    if (!seq) {
        return badBound(text, "too large");
    }
    return WindowBound{WindowBound::Kind::Seq, *seq};
}

std::string toString(const WindowBound& bound)
{
    if (bound.kind == WindowBound::Kind::Seq) {
        return "#" + std::to_string(bound.value);
    }
    const std::pair<std::int64_t, const char*> units[] = {
        {1'000'000'000, "s"}, {1'000'000, "ms"}, {1'000, "us"}};
    for (const auto& [scale, name] : units) {
        if (bound.value != 0 && bound.value % scale == 0) {
            return std::to_string(bound.value / scale) + name;
        }
    }
    return std::to_string(bound.value) + "ns";
}

Result<Ok> checkWindow(const CallWindow& window)
{
    if (window.skip < 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "cannot skip " + std::to_string(window.skip) + " calls");
    }
    if (window.from && window.to && window.from->kind == window.to->kind) {
        const bool seqs = window.from->kind == WindowBound::Kind::Seq;
        const bool empty =
            seqs ? window.from->value > window.to->value : window.from->value >= window.to->value;
        if (empty) {
            return makeError(ErrorCode::InvalidArgument,
                             "the window from " + toString(*window.from) + " to " +
                                 toString(*window.to) + " keeps no call: its start is " +
                                 (seqs ? "after" : "not before") + " its end");
        }
    }
    return Ok{};
}

std::string describe(const CallWindow& window)
{
    if (window.isWholeRun()) {
        return "the whole run";
    }
    std::string text;
    const auto add = [&](const std::string& part) {
        text += (text.empty() ? "" : ", ") + part;
    };
    if (window.skip > 0) {
        add(window.skip == 1 ? std::string("skip the first call")
                             : "skip the first " + std::to_string(window.skip) + " calls");
    }
    if (window.from) {
        add("from " + toString(*window.from));
    }
    if (window.to) {
        add("to " + toString(*window.to));
    }
    return text;
}

Result<WindowCut> cutToWindow(std::span<const Tuple> tuples, const CallWindow& window)
{
    XYLEM_TRY(valid, checkWindow(window));
    if (tuples.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "the window (" + describe(window) + ") keeps no call: the run has none");
    }
    WindowCut cut;
    cut.originNs =
        std::min_element(tuples.begin(), tuples.end(), [](const Tuple& a, const Tuple& b) {
            return a.down < b.down;
        })->down;
    SeqTable table(tuples);
    std::int64_t present = 0;
    std::int64_t lowest = 0;
    std::int64_t highest = 0;
    std::int64_t lastStart = cut.originNs;
    for (SeqStart& c : table.calls()) {
        if (c.earliestDown == kAbsent) {
            continue;
        }
        lowest = present == 0 ? c.seq : lowest;
        highest = c.seq;
        lastStart = std::max(lastStart, c.earliestDown);
        if (present++ < window.skip) {
            continue;
        }
        c.kept = keeps(window.from, window.to, c.seq, c.earliestDown - cut.originNs);
        if (c.kept) {
            cut.firstSeq = cut.calls == 0 ? c.seq : cut.firstSeq;
            cut.lastSeq = c.seq;
            ++cut.calls;
        }
    }
    if (cut.calls == 0) {
        return makeError(
            ErrorCode::InvalidArgument,
            "the window (" + describe(window) + ") keeps none of the run's " +
                std::to_string(present) + " calls (#" + std::to_string(lowest) + " to #" +
                std::to_string(highest) + ", starting from 0ns to " +
                toString(WindowBound{WindowBound::Kind::Time, lastStart - cut.originNs}) +
                " after the first down)");
    }
    for (const Tuple& t : tuples) {
        if (table.of(t.seq).kept) {
            cut.tuples.push_back(t);
        }
    }
    return cut;
}

Result<AnalysisReport> analyzeWindow(const Configuration& config, std::span<const Tuple> tuples,
                                     const CallWindow& window, const AnalysisOptions& options)
{
    XYLEM_TRY(analysis, analyzeWindowWithCalls(config, tuples, window, options));
    return std::move(analysis).value().report;
}

Result<AnalysisReport> analyzeCut(const Configuration& config, const WindowCut& cut,
                                  const CallWindow& window, const AnalysisOptions& options)
{
    AnalysisReport report = analyze(config, cut.tuples, options);
    if (report.calls == 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "the window (" + describe(window) + ") keeps " +
                             std::to_string(cut.calls) + " calls (#" +
                             std::to_string(cut.firstSeq) + " to #" + std::to_string(cut.lastSeq) +
                             "), none of them complete");
    }
    return report;
}

Result<WindowAnalysis> analyzeWindowWithCalls(const Configuration& config,
                                              std::span<const Tuple> tuples,
                                              const CallWindow& window,
                                              const AnalysisOptions& options)
{
    XYLEM_TRY(cut, cutToWindow(tuples, window));
    XYLEM_TRY(report, analyzeCut(config, cut.value(), window, options));
    return WindowAnalysis{std::move(report).value(), completeCallTimes(config, cut->tuples)};
}

} // namespace xylem
