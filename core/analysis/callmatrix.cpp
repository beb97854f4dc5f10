#include "core/analysis/callmatrix.h"

#include "core/model/int128.h"

#include <algorithm>

namespace xylem {

namespace {

// Row of a seq. Dense seq ranges (the normal case: calls numbered 0, 1, 2, ...) index directly
// and leave a few empty rows; sparse ones binary-search the sorted distinct seqs.
class RowIndex
{
public:
    RowIndex(std::span<const Tuple> tuples, size_t collectors, std::vector<std::int64_t>& seqs)
    {
        if (tuples.empty()) {
            return;
        }
        const auto [lo, hi] =
            std::minmax_element(tuples.begin(), tuples.end(),
                                [](const Tuple& a, const Tuple& b) { return a.seq < b.seq; });
        const auto range = static_cast<UInt128>(static_cast<Int128>(hi->seq) - lo->seq) + 1;
        const size_t expectedCalls = tuples.size() / std::max<size_t>(collectors, 1) + 1;
        m_lo = lo->seq;
        m_dense = range <= 2 * static_cast<UInt128>(expectedCalls) + 1024;
        if (m_dense) {
            seqs.resize(static_cast<size_t>(range));
            for (size_t r = 0; r < seqs.size(); ++r) {
                seqs[r] = m_lo + static_cast<std::int64_t>(r);
            }
            return;
        }
        seqs.reserve(expectedCalls);
        for (const Tuple& t : tuples) {
            seqs.push_back(t.seq);
        }
        std::sort(seqs.begin(), seqs.end());
        seqs.erase(std::unique(seqs.begin(), seqs.end()), seqs.end());
        m_sorted = &seqs;
    }

    size_t rowOf(std::int64_t seq) const
    {
        if (m_dense) {
            return static_cast<size_t>(seq - m_lo);
        }
        return static_cast<size_t>(std::lower_bound(m_sorted->begin(), m_sorted->end(), seq) -
                                   m_sorted->begin());
    }

private:
    bool m_dense = true;
    std::int64_t m_lo = 0;
    const std::vector<std::int64_t>* m_sorted = nullptr;
};

} // namespace

CallMatrix CallMatrix::build(const Configuration& config, std::span<const Tuple> tuples)
{
    CallMatrix m;
    m.m_width = static_cast<size_t>(config.wrapperCount());
    m.m_collectors = static_cast<std::uint32_t>(config.collectorCount());
    const RowIndex index(tuples, m.m_collectors, m.m_seqs);
    const size_t rows = m.m_seqs.size();
    const size_t words = (m.m_width + 63) / 64;
    std::vector<std::uint64_t> seen(rows * words, 0); // which cells a tuple has filled
    m.m_filled.assign(rows, 0);
    m.m_cells.resize(rows * m.m_width); // left uninitialised: only filled cells are ever read
    for (const Tuple& t : tuples) {
        const size_t row = index.rowOf(t.seq);
        std::uint64_t& word = seen[row * words + t.collector / 64];
        const std::uint64_t bit = std::uint64_t(1) << (t.collector % 64);
        if (word & bit) {
            ++m.m_duplicates;
            continue;
        }
        word |= bit;
        m.m_cells[row * m.m_width + t.collector] = EdgeTimes{t.down, t.up};
        ++m.m_filled[row];
    }
    for (size_t r = 0; r < rows; ++r) {
        if (m.isComplete(r)) {
            ++m.m_complete;
        } else if (!m.isEmpty(r)) {
            ++m.m_incomplete;
        }
    }
    return m;
}

} // namespace xylem
