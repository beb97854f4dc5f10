#include "core/analysis/callmatrix.h"

#include "core/model/int128.h"

#include <algorithm>

namespace xylem {

namespace {

// Row of each tuple. Dense seq ranges (the normal case: calls numbered 0, 1, 2, ...) index
// directly and leave a few empty rows; sparse ones sort the distinct seqs.
std::vector<std::uint32_t> assignRows(std::span<const Tuple> tuples, size_t collectors,
                                      std::vector<std::int64_t>& seqs)
{
    std::vector<std::uint32_t> rows(tuples.size());
    if (tuples.empty()) {
        return rows;
    }
    const auto [lo, hi] = std::minmax_element(
        tuples.begin(), tuples.end(), [](const Tuple& a, const Tuple& b) { return a.seq < b.seq; });
    const auto range = static_cast<UInt128>(static_cast<Int128>(hi->seq) - lo->seq) + 1;
    const size_t expectedCalls = tuples.size() / std::max<size_t>(collectors, 1) + 1;
    if (range <= 2 * static_cast<UInt128>(expectedCalls) + 1024) {
        seqs.resize(static_cast<size_t>(range));
        for (size_t r = 0; r < seqs.size(); ++r) {
            seqs[r] = lo->seq + static_cast<std::int64_t>(r);
        }
        for (size_t i = 0; i < tuples.size(); ++i) {
            rows[i] = static_cast<std::uint32_t>(tuples[i].seq - lo->seq);
        }
        return rows;
    }
    seqs.reserve(tuples.size());
    for (const Tuple& t : tuples) {
        seqs.push_back(t.seq);
    }
    std::sort(seqs.begin(), seqs.end());
    seqs.erase(std::unique(seqs.begin(), seqs.end()), seqs.end());
    for (size_t i = 0; i < tuples.size(); ++i) {
        rows[i] = static_cast<std::uint32_t>(
            std::lower_bound(seqs.begin(), seqs.end(), tuples[i].seq) - seqs.begin());
    }
    return rows;
}

} // namespace

CallMatrix CallMatrix::build(const Configuration& config, std::span<const Tuple> tuples)
{
    CallMatrix m;
    m.m_width = static_cast<size_t>(config.wrapperCount());
    m.m_collectors = static_cast<std::uint32_t>(config.collectorCount());
    const std::vector<std::uint32_t> rows = assignRows(tuples, m.m_collectors, m.m_seqs);
    m.m_filled.assign(m.m_seqs.size(), 0);
    m.m_cells.assign(m.m_seqs.size() * m.m_width, EdgeTimes{kEmptyDown, 0});
    for (size_t i = 0; i < tuples.size(); ++i) {
        EdgeTimes& cell = m.m_cells[rows[i] * m.m_width + tuples[i].collector];
        if (cell.down != kEmptyDown) {
            ++m.m_duplicates;
            continue;
        }
        cell = EdgeTimes{tuples[i].down, tuples[i].up};
        ++m.m_filled[rows[i]];
    }
    for (size_t r = 0; r < m.m_seqs.size(); ++r) {
        if (m.isComplete(r)) {
            ++m.m_complete;
        } else if (!m.isEmpty(r)) {
            ++m.m_incomplete;
        }
    }
    return m;
}

} // namespace xylem
