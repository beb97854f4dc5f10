#include "core/model/tuplecheck.h"

#include "core/model/int128.h"
#include "core/model/timespan.h"

#include <algorithm>
#include <limits>
#include <vector>

namespace xylem {

namespace {

std::string duplicateMessage(const Configuration& config, const Tuple& t)
{
    return "duplicate tuple for collector '" + config.wrapper(static_cast<int>(t.collector)).id +
           "', seq " + std::to_string(t.seq);
}

size_t firstOccurrence(std::span<const Tuple> tuples, size_t index)
{
    for (size_t i = 0; i < index; ++i) {
        if (tuples[i].collector == tuples[index].collector && tuples[i].seq == tuples[index].seq) {
            return i;
        }
    }
    return index;
}

// Dense seq ranges (the normal case) use one bit per possible call and collector; sparse
// ones fall back to sorting. Either way the first repeat in input order is reported.
std::optional<size_t> findDuplicate(std::span<const Tuple> tuples, size_t collectors)
{
    if (tuples.empty()) {
        return std::nullopt;
    }
    auto [lo, hi] = std::minmax_element(
        tuples.begin(), tuples.end(), [](const Tuple& a, const Tuple& b) { return a.seq < b.seq; });
    const auto range = static_cast<UInt128>(static_cast<Int128>(hi->seq) - lo->seq) + 1;
    if (range * collectors <= 4 * static_cast<UInt128>(tuples.size()) + 4096) {
        std::vector<bool> seen(static_cast<size_t>(range) * collectors);
        for (size_t i = 0; i < tuples.size(); ++i) {
            const size_t bit =
                static_cast<size_t>(tuples[i].seq - lo->seq) * collectors + tuples[i].collector;
            if (seen[bit]) {
                return i;
            }
            seen[bit] = true;
        }
        return std::nullopt;
    }
    std::vector<size_t> order(tuples.size());
    for (size_t i = 0; i < order.size(); ++i) {
        order[i] = i;
    }
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const Tuple& x = tuples[a];
        const Tuple& y = tuples[b];
        if (x.collector != y.collector) {
            return x.collector < y.collector;
        }
        return x.seq != y.seq ? x.seq < y.seq : a < b;
    });
    std::optional<size_t> earliest;
    for (size_t k = 1; k < order.size(); ++k) {
        const Tuple& x = tuples[order[k - 1]];
        const Tuple& y = tuples[order[k]];
        if (x.collector == y.collector && x.seq == y.seq) {
            earliest = std::min(earliest.value_or(std::numeric_limits<size_t>::max()), order[k]);
        }
    }
    return earliest;
}

// The tuples with the smallest down and the largest up.
std::pair<size_t, size_t> spreadOf(std::span<const Tuple> tuples)
{
    size_t earliest = 0;
    size_t latest = 0;
    for (size_t i = 1; i < tuples.size(); ++i) {
        earliest = tuples[i].down < tuples[earliest].down ? i : earliest;
        latest = tuples[i].up > tuples[latest].up ? i : latest;
    }
    return {earliest, latest};
}

} // namespace

std::optional<TupleProblem> findUnsafeTuple(const Configuration& config,
                                            std::span<const Tuple> tuples)
{
    const auto wrappers = static_cast<std::uint32_t>(config.wrapperCount());
    for (size_t i = 0; i < tuples.size(); ++i) {
        const Tuple& t = tuples[i];
        if (t.collector >= wrappers) {
            return TupleProblem{i, i, "unknown collector #" + std::to_string(t.collector)};
        }
        if (static_cast<int>(t.collector) == config.root()) {
            return TupleProblem{i, i,
                                "collector '" + config.wrapper(config.root()).id +
                                    "' is the root, which has no event collector"};
        }
        if (t.down == std::numeric_limits<std::int64_t>::min()) {
            return TupleProblem{i, i, "down is the smallest int64, which marks an empty slot"};
        }
        if (t.up < t.down) {
            return TupleProblem{i, i,
                                "up (" + std::to_string(t.up) + ") is before down (" +
                                    std::to_string(t.down) + ")"};
        }
    }
    if (!tuples.empty()) {
        const auto [earliest, latest] = spreadOf(tuples);
        if (static_cast<Int128>(tuples[latest].up) - tuples[earliest].down > kMaxRunSpanNs) {
            return TupleProblem{latest, latest,
                                "timestamps spread over more than 2^61 ns (73 years): down " +
                                    std::to_string(tuples[earliest].down) + " to up " +
                                    std::to_string(tuples[latest].up)};
        }
    }
    return std::nullopt;
}

std::optional<TupleProblem> findTupleProblem(const Configuration& config,
                                             std::span<const Tuple> tuples)
{
    if (auto unsafe = findUnsafeTuple(config, tuples)) {
        return unsafe;
    }
    if (const auto dup = findDuplicate(tuples, static_cast<std::uint32_t>(config.wrapperCount()))) {
        return TupleProblem{*dup, firstOccurrence(tuples, *dup),
                            duplicateMessage(config, tuples[*dup])};
    }
    return std::nullopt;
}

} // namespace xylem
