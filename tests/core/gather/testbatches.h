#pragma once

// Batches for the gather tests: short constructors and seeded random batches of every kind
// (valid: Stats and Classes sorted and unique, as the codec requires).

#include "core/gather/batch.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace xylem::gather::test {

inline Batch numbers(std::vector<double> values, std::uint32_t contributors = 1)
{
    return Batch{contributors, Numbers{std::move(values)}};
}

inline Batch tuples(std::vector<Tuple> t, std::uint32_t contributors = 1)
{
    return Batch{contributors, Tuples{std::move(t)}};
}

inline Batch bytes(std::vector<std::uint8_t> b, std::uint32_t contributors = 1)
{
    return Batch{contributors, Bytes{std::move(b)}};
}

inline Batch stats(std::vector<StatEntry> entries, std::uint32_t contributors = 1)
{
    return Batch{contributors, Stats{std::move(entries)}};
}

inline Batch classes(std::vector<ClassEntry> c, std::uint32_t contributors = 1)
{
    return Batch{contributors, Classes{std::move(c)}};
}

inline Tuple tuple(std::int64_t seq, std::int64_t down, std::uint32_t collector,
                   std::int64_t up = 0)
{
    Tuple t;
    t.seq = seq;
    t.down = down;
    t.up = up;
    t.collector = collector;
    return t;
}

// A summary of samples, as a leaf's statistics filter would make it.
inline StatEntry statOf(std::uint64_t key, const std::vector<std::int64_t>& samples)
{
    StatEntry e;
    e.key = key;
    e.count = static_cast<std::int64_t>(samples.size());
    if (samples.empty()) {
        return e;
    }
    double sum = 0;
    for (auto s : samples) {
        sum += double(s);
    }
    e.mean = sum / double(samples.size());
    for (auto s : samples) {
        e.m2 += (double(s) - e.mean) * (double(s) - e.mean);
    }
    e.min = *std::min_element(samples.begin(), samples.end());
    e.max = *std::max_element(samples.begin(), samples.end());
    return e;
}

inline Batch randomBatch(BatchKind kind, std::mt19937& rng, size_t maxItems = 20)
{
    std::uniform_int_distribution<size_t> items(0, maxItems);
    std::uniform_int_distribution<std::int64_t> small(-1000, 1000);
    const auto contributors = static_cast<std::uint32_t>(items(rng) + 1);
    switch (kind) {
    case BatchKind::Numbers: {
        std::vector<double> v(items(rng));
        for (double& x : v) {
            x = double(small(rng));
        }
        return numbers(std::move(v), contributors);
    }
    case BatchKind::Tuples: {
        std::vector<Tuple> t(items(rng));
        for (Tuple& x : t) {
            x = tuple(small(rng) & 7, small(rng) & 31, static_cast<std::uint32_t>(small(rng) & 7),
                      small(rng));
            x.op = static_cast<std::uint16_t>(rng());
            x.ret = static_cast<std::int16_t>(small(rng));
        }
        return tuples(std::move(t), contributors);
    }
    case BatchKind::Stats: {
        std::vector<StatEntry> entries;
        for (std::uint64_t key = 0; key < 12; ++key) {
            if (rng() % 2) {
                std::vector<std::int64_t> samples(items(rng) + 1);
                for (auto& s : samples) {
                    s = small(rng);
                }
                entries.push_back(statOf(key, samples));
            }
        }
        return stats(std::move(entries), contributors);
    }
    case BatchKind::Classes: {
        std::vector<ClassEntry> c;
        for (std::int64_t key = -3; key < 5; ++key) {
            if (rng() % 2) {
                ClassEntry e{key, {}};
                for (std::uint32_t m = 0; m < 40; ++m) {
                    if (rng() % 4 == 0) {
                        e.members.push_back(m);
                    }
                }
                c.push_back(std::move(e));
            }
        }
        return classes(std::move(c), contributors);
    }
    case BatchKind::Bytes: {
        std::vector<std::uint8_t> b(items(rng));
        for (auto& x : b) {
            x = static_cast<std::uint8_t>(rng());
        }
        return bytes(std::move(b), contributors);
    }
    }
    return {};
}

} // namespace xylem::gather::test
