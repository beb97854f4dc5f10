#pragma once

// The workload of the analysis benchmarks (bench_analysis, bench_overtime): 64 threads, 8 on
// each of 8 hosts in two clusters, on a hierarchy-aware tree under a core root, and as many
// calls as make the tuples asked for (argv[1], 10 M by default), simulated with seed 42.

#include "core/model/treegenerator.h"
#include "tests/support/tracesimulator.h"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

namespace xylem::bench {

struct AnalysisWorkload
{
    Configuration config;
    testing::SimulationSpec spec; // the calls and the seed; a benchmark may plant more
};

// Nothing, after saying why on stderr, when the tree cannot be made.
inline std::optional<AnalysisWorkload> analysisWorkload(int argc, char** argv)
{
    const long long target = argc > 1 ? std::atoll(argv[1]) : 10'000'000;
    std::vector<Host> hosts;
    for (int i = 0; i < 8; ++i) {
        hosts.push_back(Host{"n" + std::to_string(i), i < 4 ? "c0" : "c1"});
    }
    auto config = generateTree({"bench", hosts, 8, TreeShape::HierarchyAware, 2, RootKind::Core});
    if (!config) {
        std::fprintf(stderr, "%s\n", config.error().describe().c_str());
        return std::nullopt;
    }
    const std::int64_t calls = target / config->collectorCount();
    return AnalysisWorkload{std::move(config).value(), {.calls = calls, .seed = 42}};
}

} // namespace xylem::bench
