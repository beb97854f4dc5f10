#pragma once

// Tuples matched into calls by seq (metrics.md §8): one row per distinct seq, ascending, with
// one EdgeTimes per wrapper. Rows missing any collector's tuple are incomplete and are never
// analysed. Contiguous: rows x wrappers, no per-call allocation.

#include "core/analysis/alignedbuffer.h"
#include "core/analysis/edgetimes.h"
#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <span>
#include <vector>

namespace xylem {

class CallMatrix
{
public:
    // Tuples must name valid non-root collectors; a repeated (collector, seq) keeps the first
    // tuple and is counted in duplicateTuples().
    static CallMatrix build(const Configuration& config, std::span<const Tuple> tuples);

    size_t rowCount() const { return m_seqs.size(); }
    std::int64_t seq(size_t row) const { return m_seqs[row]; }
    bool isComplete(size_t row) const { return m_filled[row] == m_collectors; }
    bool isEmpty(size_t row) const { return m_filled[row] == 0; }
    // The EdgeTimes of a complete row, indexed by wrapper (the root's slot is undefined; in an
    // incomplete row so are the missing collectors' slots).
    const EdgeTimes* row(size_t r) const { return m_cells.data() + r * m_width; }

    std::int64_t completeCalls() const { return m_complete; }
    std::int64_t incompleteCalls() const { return m_incomplete; }
    std::int64_t duplicateTuples() const { return m_duplicates; }

private:
    size_t m_width = 0;             // wrappers per row
    std::uint32_t m_collectors = 0; // tuples a complete row holds
    std::vector<std::int64_t> m_seqs;
    std::vector<std::uint32_t> m_filled;
    AlignedVector<EdgeTimes> m_cells;
    std::int64_t m_complete = 0;
    std::int64_t m_incomplete = 0;
    std::int64_t m_duplicates = 0;
};

} // namespace xylem
