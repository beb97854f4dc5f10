#include "core/analysis/callstages.h"

namespace xylem {

CallStages::CallStages(const Topology& topology)
    : m_topology(topology)
    , m_evaluator(topology)
    , m_lastArrival(topology.greds().size())
    , m_firstDeparture(topology.greds().size())
{
}

void CallStages::evaluate(const EdgeTimes* row)
{
    m_row = row;
    const auto& greds = m_topology.greds();
    for (size_t i = 0; i < greds.size(); ++i) {
        const GredCall& c = m_evaluator.evaluate(greds[i], row, !greds[i].isRoot);
        m_lastArrival[i] = c.t1l;
        m_firstDeparture[i] = c.t4f;
    }
}

void CallStages::stagesOf(size_t threadSlot, std::vector<StageSpan>& out) const
{
    out.clear();
    const std::vector<int>& path = m_topology.threads()[threadSlot].path;
    const EdgeTimes* row = m_row;
    const size_t k = path.size() - 1; // path[k] is the root
    const auto add = [&](Stage s, int w, std::int64_t from, std::int64_t to) {
        out.push_back(StageSpan{s, w, from, to});
    };
    // Down: d_{j-1} is the down of the edge below w_j.
    for (size_t j = 1; j < k; ++j) {
        const int w = path[j];
        const std::int64_t below = row[path[j - 1]].down;
        if (const int g = m_topology.gredSlot(w); g >= 0) {
            const std::int64_t t1l = m_lastArrival[static_cast<size_t>(g)];
            add(Stage::ArrivalWait, w, below, t1l);
            add(Stage::DownLatency, w, t1l, row[w].down);
        } else {
            add(Stage::Down, w, below, row[w].down);
        }
    }
    const int root = path[k];
    const EdgeTimes& last = row[path[k - 1]];
    if (const int g = m_topology.gredSlot(root); g >= 0) {
        const std::int64_t t1l = m_lastArrival[static_cast<size_t>(g)];
        const std::int64_t t4f = m_firstDeparture[static_cast<size_t>(g)];
        add(Stage::ArrivalWait, root, last.down, t1l);
        add(Stage::Operation, root, t1l, t4f);
        add(Stage::DepartureWait, root, t4f, last.up);
    } else {
        add(Stage::Store, root, last.down, last.up);
    }
    // Up: u_j is the up of w_j's own edge, u_{j-1} that of the edge below it.
    for (size_t j = k - 1; j >= 1; --j) {
        const int w = path[j];
        const std::int64_t below = row[path[j - 1]].up;
        if (const int g = m_topology.gredSlot(w); g >= 0) {
            const std::int64_t t4f = m_firstDeparture[static_cast<size_t>(g)];
            add(Stage::UpLatency, w, row[w].up, t4f);
            add(Stage::DepartureWait, w, t4f, below);
        } else {
            add(Stage::Up, w, row[w].up, below);
        }
    }
}

} // namespace xylem
