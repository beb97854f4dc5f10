#include "core/gather/builtinfilters.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>

namespace xylem::gather {

namespace {

using Inputs = std::span<const Batch>;
using Arguments = std::span<const std::int64_t>;

Error wrongKind(const char* filter, BatchKind kind)
{
    return makeError(ErrorCode::InvalidArgument, std::string("filter '") + filter +
                                                     "' does not take " + batchKindName(kind) +
                                                     " batches");
}

// The first input that is not a T, as the error the filter returns.
template <typename T> std::optional<Error> checkKind(const char* filter, Inputs inputs)
{
    for (const Batch& b : inputs) {
        if (!std::holds_alternative<T>(b.content)) {
            return wrongKind(filter, b.kind());
        }
    }
    return std::nullopt;
}

template <typename T> const T& as(const Batch& b)
{
    return *std::get_if<T>(&b.content);
}

std::uint32_t contributorsOf(Inputs inputs)
{
    std::uint64_t n = 0;
    for (const Batch& b : inputs) {
        n += b.contributors;
    }
    return static_cast<std::uint32_t>(
        std::min<std::uint64_t>(n, std::numeric_limits<std::uint32_t>::max()));
}

// sum, min, max: an element absent from a shorter input does not take part.
template <typename Combine>
Result<Batch> elementWise(const char* filter, Inputs inputs, Combine combine)
{
    if (auto error = checkKind<Numbers>(filter, inputs)) {
        return *error;
    }
    Numbers out;
    size_t have = 0; // elements of out set by some input so far
    for (const Batch& b : inputs) {
        const auto& values = as<Numbers>(b).values;
        if (values.size() > out.values.size()) {
            out.values.resize(values.size());
        }
        for (size_t i = 0; i < values.size(); ++i) {
            out.values[i] = i < have ? combine(out.values[i], values[i]) : values[i];
        }
        have = std::max(have, values.size());
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

// Means weighted by their contributors, so averages of averages stay exact. Where every
// input of an element has weight 0, their plain mean.
Result<Batch> average(Inputs inputs, Arguments)
{
    if (auto error = checkKind<Numbers>("average", inputs)) {
        return *error;
    }
    std::vector<double> weighted, weight, plain, present;
    for (const Batch& b : inputs) {
        const auto& values = as<Numbers>(b).values;
        if (values.size() > weighted.size()) {
            for (auto* v : {&weighted, &weight, &plain, &present}) {
                v->resize(values.size());
            }
        }
        const double w = b.contributors;
        for (size_t i = 0; i < values.size(); ++i) {
            weighted[i] += w * values[i];
            weight[i] += w;
            plain[i] += values[i];
            present[i] += 1;
        }
    }
    Numbers out;
    out.values.resize(weighted.size());
    for (size_t i = 0; i < weighted.size(); ++i) {
        out.values[i] = weight[i] > 0 ? weighted[i] / weight[i] : plain[i] / present[i];
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

// The hot path of raw tracing: one allocation, one block copy per input.
Result<Batch> appendTuples(const char* filter, Inputs inputs)
{
    if (auto error = checkKind<Tuples>(filter, inputs)) {
        return *error;
    }
    size_t total = 0;
    for (const Batch& b : inputs) {
        total += as<Tuples>(b).tuples.size();
    }
    Tuples out;
    out.tuples.reserve(total);
    for (const Batch& b : inputs) {
        const auto& tuples = as<Tuples>(b).tuples;
        out.tuples.insert(out.tuples.end(), tuples.begin(), tuples.end());
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

Result<Batch> raw(Inputs inputs, Arguments)
{
    return appendTuples("raw", inputs);
}

Result<Batch> concat(Inputs inputs, Arguments)
{
    if (inputs.empty()) {
        return Batch{0, Bytes{}};
    }
    if (inputs.front().kind() == BatchKind::Tuples) {
        return appendTuples("concat", inputs);
    }
    if (auto error = checkKind<Bytes>("concat", inputs)) {
        return *error;
    }
    size_t total = 0;
    for (const Batch& b : inputs) {
        total += as<Bytes>(b).bytes.size();
    }
    Bytes out;
    out.bytes.reserve(total);
    for (const Batch& b : inputs) {
        const auto& bytes = as<Bytes>(b).bytes;
        out.bytes.insert(out.bytes.end(), bytes.begin(), bytes.end());
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

// A last-arrival candidate: the tuple's key (seq, own, group) and what decides between the
// candidates of one key (down, then collector, then input order).
struct Keyed
{
    std::int64_t seq;
    std::int64_t group;
    std::int64_t down;
    std::uint32_t collector;
    bool own; // a collector beyond the table: its own group
    const Tuple* tuple;
};

bool keyLess(const Keyed& a, const Keyed& b)
{
    return std::tie(a.own, a.group) < std::tie(b.own, b.group);
}

// The working arrays of last-arrival, kept by each thread between waves: a wave's arrays are
// hundreds of KiB, which glibc maps and unmaps block by block (freedmemory.h), so arrays made
// anew for every wave cost a page fault for every 4 KiB — measured, every page fault of a
// collector and 91 % of the front-end's with a load-balance scope (perf record -e page-faults).
// An array far larger than the wave at hand (after a burst) is given back. What it held is not
// kept and its elements are left as they are (every user writes them before reading): filling
// them with zeros, as a vector's resize does, was 6 % of a collector's instructions.
template <typename T> class ScratchArray
{
public:
    std::span<T> fit(size_t size)
    {
        constexpr size_t kKeptBytes = 1 << 20;
        if (m_capacity * sizeof(T) > kKeptBytes && m_capacity > 4 * size) {
            m_data.reset();
            m_capacity = 0;
        }
        if (m_capacity < size) {
            m_data.reset(); // the old array goes first: two at once is a larger peak
            m_data = std::make_unique_for_overwrite<T[]>(size);
            m_capacity = size;
        }
        return {m_data.get(), size};
    }

private:
    std::unique_ptr<T[]> m_data;
    size_t m_capacity = 0;
};

struct LastArrivalScratch
{
    ScratchArray<Keyed> keyed;
    ScratchArray<Keyed> sorted;
    ScratchArray<std::uint32_t> start;
    ScratchArray<std::uint32_t> next;
    ScratchArray<const Tuple*> winners;
};

// Candidates ordered by key, those of one key kept in input order. A wave's seqs span few
// calls, so they are placed by a counting sort on seq (no comparisons) and only the few
// candidates of one seq are ordered by group; a sparse seq range falls back to a stable sort.
// The result is keyed itself or scratch.sorted.
std::span<const Keyed> byKey(std::span<Keyed> keyed, LastArrivalScratch& scratch)
{
    if (keyed.size() < 2) {
        return keyed;
    }
    const auto [low, high] = std::minmax_element(
        keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) { return a.seq < b.seq; });
    const auto range = static_cast<std::uint64_t>(high->seq) - static_cast<std::uint64_t>(low->seq);
    if (range > 4 * keyed.size() + 1024) {
        std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& a, const Keyed& b) {
            return a.seq != b.seq ? a.seq < b.seq : keyLess(a, b);
        });
        return keyed;
    }
    const std::int64_t first = low->seq;
    const std::span<std::uint32_t> start = scratch.start.fit(static_cast<size_t>(range) + 2);
    std::fill(start.begin(), start.end(), 0);
    for (const Keyed& k : keyed) {
        ++start[static_cast<size_t>(k.seq - first) + 1];
    }
    for (size_t i = 1; i < start.size(); ++i) {
        start[i] += start[i - 1];
    }
    const std::span<Keyed> sorted = scratch.sorted.fit(keyed.size());
    const std::span<std::uint32_t> next = scratch.next.fit(start.size() - 1);
    std::copy(start.begin(), start.end() - 1, next.begin());
    for (const Keyed& k : keyed) {
        sorted[next[static_cast<size_t>(k.seq - first)]++] = k;
    }
    for (size_t s = 0; s + 1 < start.size(); ++s) {
        const auto from = sorted.begin() + start[s], to = sorted.begin() + start[s + 1];
        if (to - from > 16) {
            std::stable_sort(from, to, keyLess);
            continue;
        }
        for (auto i = from + 1; i < to; ++i) { // insertion sort: stable, few elements
            const Keyed k = *i;
            auto j = i;
            for (; j != from && keyLess(k, *(j - 1)); --j) {
                *j = *(j - 1);
            }
            *j = k;
        }
    }
    return sorted;
}

bool sameKey(const Keyed& a, const Keyed& b)
{
    return a.seq == b.seq && a.group == b.group && a.own == b.own;
}

// Per (group, seq) the tuple with the largest down; on a tie the first in input order, so
// that a tree of last-arrival filters keeps what one filter over all leaves would. Output
// sorted by seq, then group (table groups by value, then unlisted collectors by index).
Result<Batch> lastArrival(Inputs inputs, Arguments groups)
{
    if (auto error = checkKind<Tuples>("last-arrival", inputs)) {
        return *error;
    }
    thread_local LastArrivalScratch scratch;
    size_t total = 0;
    for (const Batch& b : inputs) {
        total += as<Tuples>(b).tuples.size();
    }
    const std::span<Keyed> candidates = scratch.keyed.fit(total);
    size_t at = 0;
    for (const Batch& b : inputs) {
        for (const Tuple& t : as<Tuples>(b).tuples) {
            const bool own = t.collector >= groups.size();
            candidates[at++] = {t.seq,  own ? std::int64_t(t.collector) : groups[t.collector],
                                t.down, t.collector,
                                own,    &t};
        }
    }
    const std::span<const Keyed> keyed = byKey(candidates, scratch);
    // One pass picks each key's winner; the output is then made at its size.
    const std::span<const Tuple*> winners = scratch.winners.fit(keyed.size());
    size_t keys = 0;
    for (size_t i = 0; i < keyed.size();) {
        // Ties on down go to the later collector (metrics.md: ties by position in the
        // configuration), then to the first in input order.
        const Keyed* best = &keyed[i];
        size_t j = i + 1;
        for (; j < keyed.size() && sameKey(keyed[j], keyed[i]); ++j) {
            if (std::tie(keyed[j].down, keyed[j].collector) >
                std::tie(best->down, best->collector)) {
                best = &keyed[j];
            }
        }
        winners[keys++] = best->tuple;
        i = j;
    }
    Tuples out;
    out.tuples.reserve(keys);
    for (size_t k = 0; k < keys; ++k) {
        out.tuples.push_back(*winners[k]);
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

Result<Batch> statsMerge(Inputs inputs, Arguments)
{
    if (auto error = checkKind<Stats>("stats-merge", inputs)) {
        return *error;
    }
    std::vector<StatEntry> all;
    for (const Batch& b : inputs) {
        const auto& entries = as<Stats>(b).entries;
        all.insert(all.end(), entries.begin(), entries.end());
    }
    // Stable: entries of one key merge in input order, whatever order the inputs' keys had.
    std::stable_sort(all.begin(), all.end(),
                     [](const StatEntry& a, const StatEntry& b) { return a.key < b.key; });
    Stats out;
    for (const StatEntry& e : all) {
        if (!out.entries.empty() && out.entries.back().key == e.key) {
            out.entries.back() = mergeStats(out.entries.back(), e);
        } else {
            out.entries.push_back(e);
        }
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

Result<Batch> equivalence(Inputs inputs, Arguments)
{
    if (auto error = checkKind<Classes>("equivalence", inputs)) {
        return *error;
    }
    std::map<std::int64_t, std::vector<std::uint32_t>> united;
    for (const Batch& b : inputs) {
        for (const ClassEntry& c : as<Classes>(b).classes) {
            auto& members = united[c.key];
            members.insert(members.end(), c.members.begin(), c.members.end());
        }
    }
    Classes out;
    out.classes.reserve(united.size());
    for (auto& [key, members] : united) {
        std::sort(members.begin(), members.end());
        members.erase(std::unique(members.begin(), members.end()), members.end());
        out.classes.push_back({key, std::move(members)});
    }
    return Batch{contributorsOf(inputs), std::move(out)};
}

Result<Batch> sum(Inputs inputs, Arguments)
{
    return elementWise("sum", inputs, std::plus<>{});
}

Result<Batch> min(Inputs inputs, Arguments)
{
    return elementWise("min", inputs, [](double a, double b) { return std::min(a, b); });
}

Result<Batch> max(Inputs inputs, Arguments)
{
    return elementWise("max", inputs, [](double a, double b) { return std::max(a, b); });
}

constexpr PluginFilter kBuiltins[] = {
    {"sum", &sum},
    {"min", &min},
    {"max", &max},
    {"average", &average},
    {"concat", &concat},
    {"raw", &raw},
    {"last-arrival", &lastArrival},
    {"stats-merge", &statsMerge},
    {"equivalence", &equivalence},
};

} // namespace

std::span<const PluginFilter> builtinFilters()
{
    return kBuiltins;
}

} // namespace xylem::gather
