#pragma once

// What flows up a gather tree on a stream: one Batch per node per wave. Filters (filter.h) are
// pure functions from the children's batches of a wave to one batch, so they run the same in a
// relay, in a collector and in a test. A batch holds one kind of content.

#include "core/model/tuple.h"

#include <cstdint>
#include <limits>
#include <span>
#include <variant>
#include <vector>

namespace xylem::gather {

// Numbers by position (sum, min, max, average). For an average, values are means and
// `Batch::contributors` their weight, so averages of averages stay exact.
struct Numbers
{
    std::vector<double> values;
    bool operator==(const Numbers&) const = default;
};

// Raw event tuples (raw tracing; last-arrival reduce keeps some of them).
struct Tuples
{
    std::vector<Tuple> tuples;
    bool operator==(const Tuples&) const = default;
};

// Mergeable summaries by key (statistics merge): count, mean, M2 (sum of squared deviations),
// min, max — merged with Chan's parallel formula.
struct StatEntry
{
    std::uint64_t key = 0;
    std::int64_t count = 0;
    double mean = 0;
    double m2 = 0;
    std::int64_t min = 0;
    std::int64_t max = 0;
    bool operator==(const StatEntry&) const = default;
};

// The summary of a's and b's samples together (Chan et al.'s pairwise update of count, mean and
// M2); an entry with no samples is neutral. a's key is kept. Inline: filter plugins use it too.
inline StatEntry mergeStats(const StatEntry& a, const StatEntry& b)
{
    if (b.count <= 0) {
        return a;
    }
    if (a.count <= 0) {
        return StatEntry{a.key, b.count, b.mean, b.m2, b.min, b.max};
    }
    const double na = double(a.count), nb = double(b.count), n = na + nb;
    const double delta = b.mean - a.mean;
    StatEntry out = a;
    // Counts come off the wire: their sum saturates rather than overflowing (both are > 0 here).
    out.count = a.count > std::numeric_limits<std::int64_t>::max() - b.count
                    ? std::numeric_limits<std::int64_t>::max()
                    : a.count + b.count;
    out.mean = a.mean + delta * nb / n;
    out.m2 = a.m2 + b.m2 + delta * delta * na * nb / n;
    out.min = a.min < b.min ? a.min : b.min;
    out.max = a.max > b.max ? a.max : b.max;
    return out;
}

struct Stats
{
    std::vector<StatEntry> entries; // sorted by key, keys unique
    bool operator==(const Stats&) const = default;
};

// Equivalence classes (MRNet's): members (node ranks) binned by a key value.
struct ClassEntry
{
    std::int64_t key = 0;
    std::vector<std::uint32_t> members; // sorted, unique
    bool operator==(const ClassEntry&) const = default;
};
struct Classes
{
    std::vector<ClassEntry> classes; // sorted by key, keys unique
    bool operator==(const Classes&) const = default;
};

// Opaque bytes (concatenation of whatever the leaves sent).
struct Bytes
{
    std::vector<std::uint8_t> bytes;
    bool operator==(const Bytes&) const = default;
};

using BatchContent = std::variant<Numbers, Tuples, Stats, Classes, Bytes>;

enum class BatchKind : std::uint8_t
{
    Numbers = 0,
    Tuples = 1,
    Stats = 2,
    Classes = 3,
    Bytes = 4
};

struct Batch
{
    std::uint32_t contributors = 1; // leaves whose data this batch summarises
    BatchContent content;

    BatchKind kind() const { return static_cast<BatchKind>(content.index()); }
    bool operator==(const Batch&) const = default;
};

// The kind's name for messages ("Numbers", "Tuples", ...).
inline const char* batchKindName(BatchKind kind)
{
    switch (kind) {
    case BatchKind::Numbers:
        return "Numbers";
    case BatchKind::Tuples:
        return "Tuples";
    case BatchKind::Stats:
        return "Stats";
    case BatchKind::Classes:
        return "Classes";
    case BatchKind::Bytes:
        return "Bytes";
    }
    return "unknown";
}

} // namespace xylem::gather
