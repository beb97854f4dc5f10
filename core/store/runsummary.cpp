#include "core/store/runsummary.h"

namespace xylem::store {

namespace {
constexpr std::int64_t kInitialWidthNs = 1024;
}

RunSummaryBuilder::RunSummaryBuilder(size_t wrappers)
    : m_collectors(wrappers, TimeBuckets(kCollectorBuckets, kInitialWidthNs))
    , m_operation(kCallBuckets, kInitialWidthNs)
    , m_slowest(kCallBuckets, kInitialWidthNs)
{
}

std::vector<std::pair<int, std::vector<SummaryLevel>>> RunSummaryBuilder::build() const
{
    std::vector<std::pair<int, std::vector<SummaryLevel>>> series;
    if (!m_operation.empty()) {
        series.emplace_back(kOperationSeries, buildPyramid(m_operation));
        series.emplace_back(kSlowestThreadSeries, buildPyramid(m_slowest));
    }
    for (size_t c = 0; c < m_collectors.size(); ++c) {
        if (!m_collectors[c].empty()) {
            series.emplace_back(static_cast<int>(c), buildPyramid(m_collectors[c]));
        }
    }
    return series;
}

} // namespace xylem::store
