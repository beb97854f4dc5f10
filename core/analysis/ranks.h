#pragma once

// Ranks by the tie rule of metrics.md §1: sort by (value, position), rank 0 = first.

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace xylem {

class Ranker
{
public:
    explicit Ranker(size_t widest);

    // rank[i] of values[i], i < n.
    void rank(const std::int64_t* values, size_t n, int* rank);

private:
    std::vector<std::uint64_t> m_keys;
    std::vector<std::pair<std::int64_t, int>> m_pairs;
};

} // namespace xylem
