#pragma once

// The report of a simulated run on a generated hierarchy-aware tree, for the view suites: which
// hosts ("4" or "A:c0,B:c1"), threads per host, and the simulation (calls, a late culprit, the
// departure step that makes a gred serialize).

#include "core/analysis/analyzer.h"
#include "core/model/treegenerator.h"
#include "tests/support/tracesimulator.h"

#include <memory>
#include <string>

namespace xylem::testing {

struct SimulatedRun
{
    std::string hosts = "4";
    int threadsPerHost = 2;
    SimulationSpec simulation;
};

inline std::shared_ptr<const AnalysisReport> simulatedReport(const SimulatedRun& run)
{
    const auto config =
        generateTree(TreeSpec{"simulated", parseHostList(run.hosts).value(), run.threadsPerHost,
                              TreeShape::HierarchyAware, 2, RootKind::Core})
            .value();
    return std::make_shared<const AnalysisReport>(
        analyze(config, simulateTrace(config, run.simulation)));
}

} // namespace xylem::testing
