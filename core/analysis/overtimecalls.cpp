#include "core/analysis/overtimecalls.h"

#include "core/analysis/calltimes.h"
#include "core/analysis/loadbalance.h"

#include <algorithm>
#include <limits>

namespace xylem {

namespace {

// l of metrics.md §1: the child with the largest t1, ties to the later child (as
// GredCallEvaluator, without ranking every child).
size_t lastChild(const GredTopology& g, const EdgeTimes* row)
{
    size_t last = 0;
    std::int64_t t1l = row[g.children[0]].down;
    for (size_t i = 1; i < g.children.size(); ++i) {
        if (row[g.children[i]].down >= t1l) {
            t1l = row[g.children[i]].down;
            last = i;
        }
    }
    return last;
}

} // namespace

RunCalls collectRunCalls(const Topology& topology, const CallMatrix& matrix,
                         std::span<const Tuple> tuples)
{
    RunCalls out;
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    for (const Tuple& t : tuples) {
        first = std::min(first, t.down);
    }
    out.firstDownNs = tuples.empty() ? 0 : first;
    const auto& greds = topology.greds();
    out.calls.reserve(static_cast<size_t>(matrix.completeCalls()));
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (!matrix.isComplete(r)) {
            continue;
        }
        const EdgeTimes* row = matrix.row(r);
        // From the root, this call's last arrival at every gred, through proxies and cores.
        int w = topology.root();
        while (topology.threadSlot(w) < 0) {
            const int slot = topology.gredSlot(w);
            if (slot >= 0) {
                const GredTopology& g = greds[static_cast<size_t>(slot)];
                w = g.children[lastChild(g, row)];
            } else {
                w = topology.configuration().children(w).front();
            }
        }
        const CallTimes c = callTimes(topology, row, matrix.seq(r));
        out.calls.push_back(RunCall{c.seq, r, c.startNs - out.firstDownNs, c.operationTime, w});
    }
    return out;
}

int imbalanceThread(const Topology& topology, const CallMatrix& matrix)
{
    if (topology.threads().empty()) {
        return -1;
    }
    std::vector<GredReport> greds;
    for (const GredTopology& g : topology.greds()) {
        GredReport report;
        report.wrapper = g.wrapper;
        for (int child : g.children) {
            ContributorReport c;
            c.wrapper = child;
            report.contributors.push_back(std::move(c));
        }
        greds.push_back(std::move(report));
    }
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (matrix.isComplete(r)) {
            for (size_t s = 0; s < greds.size(); ++s) {
                ++greds[s].contributors[lastChild(topology.greds()[s], matrix.row(r))].lastArrivals;
            }
        }
    }
    return imbalancePath(topology, greds).back();
}

} // namespace xylem
