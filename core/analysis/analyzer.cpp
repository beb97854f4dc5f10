#include "core/analysis/analyzer.h"

#include "core/analysis/callanalyzer.h"
#include "core/analysis/callmatrix.h"

namespace xylem {

AnalysisReport analyze(const Configuration& config, std::span<const Tuple> tuples,
                       const AnalysisOptions& options)
{
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    CallAnalyzer analyzer(std::make_shared<const Topology>(config), options.medianWindow,
                          static_cast<size_t>(matrix.completeCalls()));
    analyzer.setClockCoverage(options.clocks);
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (matrix.isComplete(r)) {
            analyzer.addCall(matrix.row(r));
        }
    }
    return analyzer.report(matrix.incompleteCalls());
}

} // namespace xylem
