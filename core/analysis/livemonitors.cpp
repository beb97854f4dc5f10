#include "core/analysis/livemonitors.h"

#include "core/analysis/jsonnumber.h"

namespace xylem {

namespace {

nlohmann::ordered_json runningJson(const RunningStats& r)
{
    const Stats s = r.stats();
    return {{"count", s.count},
            {"mean", jsonNumber(s.mean)},
            {"min", jsonNumber(s.min)},
            {"max", jsonNumber(s.max)},
            {"stddev", jsonNumber(s.stddev)},
            {"window_median", jsonNumber(s.windowMedian)}};
}

const std::string& idOf(const LocalView& view, int wrapper)
{
    return view.topology().configuration().wrapper(wrapper).id;
}

} // namespace

LastArrivalMonitor::LastArrivalMonitor(LocalView view)
    : m_view(std::move(view))
    , m_stream(m_view)
    , m_evaluator(m_view.topology())
{
    for (const size_t slot : m_view.greds()) {
        const size_t p = m_view.topology().greds()[slot].children.size();
        m_counts.push_back(
            Counts{std::vector<std::int64_t>(p * p, 0), std::vector<std::int64_t>(p * p, 0)});
    }
}

void LastArrivalMonitor::add(std::span<const Tuple> tuples)
{
    m_stream.add(m_view, tuples, [&](const EdgeTimes* row) {
        for (size_t k = 0; k < m_view.greds().size(); ++k) {
            const GredTopology& g = m_view.topology().greds()[m_view.greds()[k]];
            m_evaluator.evaluate(g, row, false); // orders need only the children's edges
            const size_t p = g.children.size();
            for (size_t i = 0; i < p; ++i) {
                ++m_counts[k].arrival[i * p + static_cast<size_t>(m_evaluator.arrivalRank(i))];
                ++m_counts[k].departure[i * p + static_cast<size_t>(m_evaluator.departureRank(i))];
            }
        }
    });
}

nlohmann::ordered_json LastArrivalMonitor::result() const
{
    nlohmann::ordered_json doc{{"host", m_view.host()}, {"calls", m_stream.calls()}};
    doc["greds"] = nlohmann::ordered_json::object();
    for (size_t k = 0; k < m_view.greds().size(); ++k) {
        const GredTopology& g = m_view.topology().greds()[m_view.greds()[k]];
        const size_t p = g.children.size();
        nlohmann::ordered_json gred{{"contributors", nlohmann::ordered_json::array()}};
        for (size_t i = 0; i < p; ++i) {
            const std::string& child = idOf(m_view, g.children[i]);
            const auto row = [&](const std::vector<std::int64_t>& counts) {
                return std::vector<std::int64_t>(counts.begin() + static_cast<long>(i * p),
                                                 counts.begin() + static_cast<long>((i + 1) * p));
            };
            gred["contributors"].push_back(child);
            gred["last_arrivals"][child] = m_counts[k].arrival[i * p + p - 1];
            gred["arrival_order"][child] = row(m_counts[k].arrival);
            gred["departure_order"][child] = row(m_counts[k].departure);
        }
        doc["greds"][idOf(m_view, g.wrapper)] = std::move(gred);
    }
    return doc;
}

StatisticsMonitor::StatisticsMonitor(LocalView view, size_t window)
    : m_view(std::move(view))
    , m_stream(m_view)
    , m_evaluator(m_view.topology())
    , m_edgeTimes(static_cast<size_t>(m_view.topology().wrapperCount()), RunningStats(window))
{
    for (int w = 0; w < m_view.topology().wrapperCount(); ++w) {
        if (m_view.records(static_cast<std::uint32_t>(w))) {
            m_recorded.push_back(static_cast<size_t>(w));
        }
    }
    for (const size_t slot : m_view.greds()) {
        m_gredTopologies.push_back(&m_view.topology().greds()[slot]);
        m_ownEdges.push_back(m_view.ownEdgeRecorded(slot) ? 1 : 0);
        const size_t p = m_view.topology().greds()[slot].children.size();
        m_greds.push_back(GredStats{RunningStats(window), RunningStats(window),
                                    std::vector<RunningStats>(p, RunningStats(window)),
                                    std::vector<RunningStats>(p, RunningStats(window)),
                                    std::vector<RunningStats>(p, RunningStats(window))});
    }
}

void StatisticsMonitor::add(std::span<const Tuple> tuples)
{
    m_stream.add(m_view, tuples, [&](const EdgeTimes* row) {
        for (const size_t w : m_recorded) {
            m_edgeTimes[w].add(row[w].up - row[w].down);
        }
        for (size_t k = 0; k < m_view.greds().size(); ++k) {
            const GredTopology& g = *m_gredTopologies[k];
            const bool ownEdge = m_ownEdges[k] != 0;
            m_evaluator.evaluate(g, row, ownEdge);
            GredStats& s = m_greds[k];
            if (ownEdge) {
                s.down.add(m_evaluator.downLatency());
                s.up.add(m_evaluator.upLatency());
            }
            for (size_t i = 0; i < g.children.size(); ++i) {
                if (ownEdge) {
                    s.total[i].add(m_evaluator.totalLatency(i));
                }
                s.arrivalWait[i].add(m_evaluator.arrivalWait(i));
                s.departureWait[i].add(m_evaluator.departureWait(i));
            }
        }
    });
}

nlohmann::ordered_json StatisticsMonitor::result() const
{
    nlohmann::ordered_json doc{{"host", m_view.host()}, {"calls", m_stream.calls()}};
    doc["greds"] = nlohmann::ordered_json::object();
    for (size_t k = 0; k < m_view.greds().size(); ++k) {
        const size_t slot = m_view.greds()[k];
        const GredTopology& g = m_view.topology().greds()[slot];
        const GredStats& s = m_greds[k];
        nlohmann::ordered_json gred = nlohmann::ordered_json::object();
        if (m_view.ownEdgeRecorded(slot)) {
            gred["down_latency"] = runningJson(s.down);
            gred["up_latency"] = runningJson(s.up);
        }
        for (size_t i = 0; i < g.children.size(); ++i) {
            nlohmann::ordered_json c{{"arrival_wait", runningJson(s.arrivalWait[i])},
                                     {"departure_wait", runningJson(s.departureWait[i])}};
            if (m_view.ownEdgeRecorded(slot)) {
                c["total_latency"] = runningJson(s.total[i]);
            }
            gred["contributors"][idOf(m_view, g.children[i])] = std::move(c);
        }
        doc["greds"][idOf(m_view, g.wrapper)] = std::move(gred);
    }
    doc["collectors"] = nlohmann::ordered_json::object();
    for (int w = 0; w < m_view.topology().wrapperCount(); ++w) {
        if (m_view.records(static_cast<std::uint32_t>(w))) {
            doc["collectors"][idOf(m_view, w)] = {
                {"edge_time", runningJson(m_edgeTimes[static_cast<size_t>(w)])}};
        }
    }
    return doc;
}

} // namespace xylem
