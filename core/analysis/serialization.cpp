#include "core/analysis/serialization.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/stats.h"
#include "core/model/int128.h"

#include <algorithm>

namespace xylem {

namespace {

void collectThreads(const Configuration& config, int w, std::vector<int>& out)
{
    if (config.wrapper(w).kind == WrapperKind::Thread) {
        out.push_back(w);
    }
    for (int c : config.children(w)) {
        collectThreads(config, c, out);
    }
}

// t3 of a subtree: its root's parent edge; for the whole tree, the root rule of metrics.md §1.
std::int64_t subtreeUp(const Configuration& config, const EdgeTimes* row, int subtreeRoot)
{
    if (subtreeRoot != config.root()) {
        return row[subtreeRoot].up;
    }
    std::int64_t first = row[config.children(subtreeRoot).front()].up;
    for (int c : config.children(subtreeRoot)) {
        first = std::min(first, row[c].up);
    }
    return first;
}

} // namespace

Result<std::vector<double>> subtreeSerialization(const Configuration& config,
                                                 std::span<const Tuple> tuples, int subtreeRoot)
{
    if (subtreeRoot < 0 || subtreeRoot >= config.wrapperCount() ||
        config.wrapper(subtreeRoot).kind == WrapperKind::Thread) {
        return makeError(ErrorCode::InvalidArgument,
                         "a subtree is rooted at a gred, proxy or core");
    }
    std::vector<int> threads;
    collectThreads(config, subtreeRoot, threads);
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    std::vector<Int128> sums(threads.size(), 0);
    std::vector<std::int64_t> ups(threads.size());
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (!matrix.isComplete(r)) {
            continue;
        }
        const EdgeTimes* row = matrix.row(r);
        for (size_t i = 0; i < threads.size(); ++i) {
            ups[i] = row[threads[i]].up;
        }
        std::sort(ups.begin(), ups.end());
        const std::int64_t t3 = subtreeUp(config, row, subtreeRoot);
        for (size_t i = 0; i < ups.size(); ++i) {
            sums[i] += ups[i] - t3;
        }
    }
    std::vector<double> curve;
    for (const Int128 s : sums) {
        curve.push_back(matrix.completeCalls() > 0
                            ? static_cast<double>(s) / static_cast<double>(matrix.completeCalls())
                            : kNoValue);
    }
    return curve;
}

LineFit fitLine(const std::vector<double>& curve)
{
    const double n = static_cast<double>(curve.size());
    if (curve.empty()) {
        return {kNoValue, kNoValue};
    }
    if (curve.size() == 1) {
        return {curve.front(), 0.0};
    }
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    for (size_t r = 0; r < curve.size(); ++r) {
        const double x = static_cast<double>(r);
        sx += x;
        sy += curve[r];
        sxx += x * x;
        sxy += x * curve[r];
    }
    const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    return {(sy - slope * sx) / n, slope};
}

} // namespace xylem
