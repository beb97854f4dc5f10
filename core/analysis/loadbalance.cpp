#include "core/analysis/loadbalance.h"

namespace xylem {

std::vector<int> imbalancePath(const Topology& topology, const std::vector<GredReport>& greds)
{
    std::vector<int> path{topology.root()};
    int w = topology.root();
    while (topology.threadSlot(w) < 0) {
        const int slot = topology.gredSlot(w);
        if (slot < 0) {
            w = topology.configuration().children(w).front();
        } else {
            const auto& contributors = greds[static_cast<size_t>(slot)].contributors;
            size_t heaviest = 0;
            for (size_t i = 1; i < contributors.size(); ++i) {
                if (contributors[i].lastArrivals >= contributors[heaviest].lastArrivals) {
                    heaviest = i;
                }
            }
            w = contributors[heaviest].wrapper;
        }
        path.push_back(w);
    }
    return path;
}

} // namespace xylem
