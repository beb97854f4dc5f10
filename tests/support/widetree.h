#pragma once

// A tree built badly on purpose for the tuner's suites and benchmark (tst_neighbours,
// tst_clitune, bench_tune): four hosts in two clusters (A, B in c0; C, D in c1), two threads
// each, one gred on C over every thread and its core on A. With a slow link between the
// clusters, A's and B's threads cross it to the gred and the result crosses it back to the
// core: two wide round trips per call where one would do. Header-only, so that a benchmark
// without Qt can use it.

#include "core/model/configuration.h"

#include <string>
#include <vector>

namespace xylem::testing {

inline Configuration flatGredAcrossClusters()
{
    const std::vector<Host> hosts{{"A", "c0"}, {"B", "c0"}, {"C", "c1"}, {"D", "c1"}};
    std::vector<WrapperSpec> specs;
    for (const Host& h : hosts) {
        for (int t = 0; t < 2; ++t) {
            const std::string id = h.id + ".t" + std::to_string(t);
            if (h.id == "C") {
                specs.push_back({id, "thread", h.id, "gred"});
            } else {
                specs.push_back({id, "thread", h.id, "p." + id});
                specs.push_back({"p." + id, "proxy", h.id, "gred"});
            }
        }
    }
    specs.push_back({"gred", "gred", "C", "p.gred"});
    specs.push_back({"p.gred", "proxy", "C", "core"});
    specs.push_back({"core", "core", "A", std::nullopt});
    return Configuration::create("flat on C, core on A", hosts, specs).value();
}

} // namespace xylem::testing
