#include "core/analysis/overtimeanalysis.h"

namespace xylem {

OverTimeAnalysis analyzeOverTime(const Configuration& config, std::span<const Tuple> tuples,
                                 const OverTimeOptions& options)
{
    const Topology topology(config);
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    const RunCalls calls = collectRunCalls(topology, matrix, tuples);
    return OverTimeAnalysis{overTime(topology, matrix, calls, options),
                            findPeriodicOutliers(calls.calls)};
}

} // namespace xylem
