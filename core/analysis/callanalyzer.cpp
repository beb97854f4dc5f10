#include "core/analysis/callanalyzer.h"

#include "core/analysis/calltimes.h"
#include "core/analysis/classes.h"
#include "core/analysis/hotspots.h"
#include "core/analysis/loadbalance.h"
#include "core/analysis/timemap.h"

#include <algorithm>
#include <limits>

namespace xylem {

namespace {

// Series of the store, in the order CallAnalyzer lays them out.
size_t countSeries(const Topology& t)
{
    size_t n = 0;
    for (const GredTopology& g : t.greds()) {
        n += 2 + 3 * g.children.size();
    }
    return n + t.threads().size() + t.proxies().size() + t.cores().size() + 2;
}

} // namespace

CallAnalyzer::CallAnalyzer(std::shared_ptr<const Topology> topology, size_t window,
                           size_t expectedCalls, size_t exactValues)
    : m_topology(std::move(topology))
    , m_series(countSeries(*m_topology), window, expectedCalls, exactValues)
    , m_gredCall(*m_topology)
{
    const Topology& t = *m_topology;
    const auto wrappers = static_cast<size_t>(t.wrapperCount());
    m_sums.down.assign(wrappers, 0);
    m_sums.up.assign(wrappers, 0);
    m_sums.lastArrival.assign(t.greds().size(), 0);
    m_sums.firstDeparture.assign(t.greds().size(), 0);
    size_t next = 0;
    for (const GredTopology& g : t.greds()) {
        const size_t p = g.children.size();
        m_greds.push_back(GredState{next, std::vector<std::int64_t>(p * p, 0),
                                    std::vector<std::int64_t>(p * p, 0),
                                    std::vector<Int128>(p, 0)});
        next += 2 + 3 * p;
    }
    m_threadSeries = next;
    m_proxySeries = m_threadSeries + t.threads().size();
    m_coreSeries = m_proxySeries + t.proxies().size();
    m_operationSeries = m_coreSeries + t.cores().size();
    m_slowestSeries = m_operationSeries + 1;
    m_critical.assign(t.threads().size(), 0);
    m_slowest.assign(t.threads().size(), 0);
    m_lastChild.assign(t.greds().size(), 0);
}

void CallAnalyzer::setClockCoverage(ClockCoverage coverage)
{
    m_halfTwoWay = halfTwoWayProxies(m_topology->configuration(), coverage);
    m_clocks = std::move(coverage);
}

void CallAnalyzer::addCall(const EdgeTimes* row)
{
    const Topology& t = *m_topology;
    const int root = t.root();
    for (int w = 0; w < t.wrapperCount(); ++w) {
        if (w != root) {
            m_sums.down[static_cast<size_t>(w)] += row[w].down;
            m_sums.up[static_cast<size_t>(w)] += row[w].up;
        }
    }
    std::int64_t* values = m_series.row();
    for (size_t slot = 0; slot < m_greds.size(); ++slot) {
        addGred(slot, row, values);
    }
    addThreads(row, values);
    addCriticalArrival();
    for (size_t i = 0; i < t.proxies().size(); ++i) {
        const EdgeTimes& below = row[t.proxies()[i].child];
        const EdgeTimes& above = row[t.proxies()[i].wrapper];
        values[m_proxySeries + i] = (below.up - below.down) - (above.up - above.down);
    }
    for (size_t i = 0; i < t.cores().size(); ++i) {
        const EdgeTimes& into = row[t.cores()[i].child];
        values[m_coreSeries + i] = into.up - into.down;
    }
    m_series.commit();
    ++m_sums.calls;
}

void CallAnalyzer::addGred(size_t slot, const EdgeTimes* row, std::int64_t* values)
{
    const GredTopology& g = m_topology->greds()[slot];
    GredState& s = m_greds[slot];
    const size_t p = g.children.size();
    const GredCall& c = m_gredCall.evaluate(g, row, !g.isRoot);
    std::int64_t* v = values + s.seriesBase;
    v[0] = m_gredCall.downLatency();
    v[1] = m_gredCall.upLatency();
    for (size_t i = 0; i < p; ++i) {
        v[2 + 3 * i] = m_gredCall.totalLatency(i);
        v[3 + 3 * i] = m_gredCall.arrivalWait(i);
        v[4 + 3 * i] = m_gredCall.departureWait(i);
        const auto arrival = static_cast<size_t>(m_gredCall.arrivalRank(i));
        const auto departure = static_cast<size_t>(m_gredCall.departureRank(i));
        ++s.arrivalOrder[i * p + arrival];
        ++s.departureOrder[i * p + departure];
        s.serialization[departure] += m_gredCall.t4(i) - c.t3; // t4_(r) - t3 for r = its rank
    }
    m_sums.lastArrival[slot] += c.t1l;
    m_sums.firstDeparture[slot] += c.t4f;
    m_lastChild[slot] = static_cast<int>(c.last);
}

void CallAnalyzer::addThreads(const EdgeTimes* row, std::int64_t* values)
{
    const auto& threads = m_topology->threads();
    for (size_t i = 0; i < threads.size(); ++i) {
        const EdgeTimes& e = row[threads[i].wrapper];
        values[m_threadSeries + i] = e.up - e.down;
    }
    const CallTimes call = callTimes(*m_topology, row);
    ++m_slowest[static_cast<size_t>(call.slowestThread)];
    values[m_operationSeries] = call.operationTime;
    values[m_slowestSeries] = call.slowestThreadTime;
}

// From the root, follow this call's last arrival at every gred down to a thread.
void CallAnalyzer::addCriticalArrival()
{
    const Topology& t = *m_topology;
    int w = t.root();
    while (t.threadSlot(w) < 0) {
        const int slot = t.gredSlot(w);
        w = slot >= 0 ? t.greds()[static_cast<size_t>(slot)]
                            .children[static_cast<size_t>(m_lastChild[static_cast<size_t>(slot)])]
                      : t.configuration().children(w).front();
    }
    ++m_critical[static_cast<size_t>(t.threadSlot(w))];
}

GredReport CallAnalyzer::gredReport(size_t slot)
{
    const GredTopology& g = m_topology->greds()[slot];
    const GredState& s = m_greds[slot];
    const size_t p = g.children.size();
    const size_t base = s.seriesBase;
    GredReport r{g.wrapper, m_series.stats(base), m_series.stats(base + 1), {}, {}};
    for (size_t i = 0; i < p; ++i) {
        const auto orders = [&](const std::vector<std::int64_t>& counts) {
            return std::vector<std::int64_t>(counts.begin() + static_cast<long>(i * p),
                                             counts.begin() + static_cast<long>((i + 1) * p));
        };
        r.contributors.push_back(ContributorReport{
            g.children[i], m_series.stats(base + 2 + 3 * i), m_series.stats(base + 3 + 3 * i),
            m_series.stats(base + 4 + 3 * i), orders(s.arrivalOrder), orders(s.departureOrder),
            s.arrivalOrder[i * p + p - 1]});
    }
    for (const Int128 sum : s.serialization) {
        r.serialization.push_back(m_sums.mean(sum));
    }
    return r;
}

std::vector<int> CallAnalyzer::imbalancePath() const
{
    std::vector<GredReport> greds;
    for (size_t slot = 0; slot < m_greds.size(); ++slot) {
        const GredTopology& g = m_topology->greds()[slot];
        const GredState& s = m_greds[slot];
        const size_t p = g.children.size();
        GredReport& r = greds.emplace_back();
        r.wrapper = g.wrapper;
        for (size_t i = 0; i < p; ++i) {
            ContributorReport& c = r.contributors.emplace_back();
            c.wrapper = g.children[i];
            c.lastArrivals = s.arrivalOrder[i * p + p - 1]; // as gredReport() has it
        }
    }
    return xylem::imbalancePath(*m_topology, greds);
}

AnalysisReport CallAnalyzer::report(std::int64_t incompleteCalls)
{
    const Topology& t = *m_topology;
    AnalysisReport r;
    r.configuration = std::make_shared<const Configuration>(t.configuration());
    r.calls = m_sums.calls;
    r.incompleteCalls = incompleteCalls;
    for (size_t slot = 0; slot < m_greds.size(); ++slot) {
        r.greds.push_back(gredReport(slot));
    }
    for (size_t i = 0; i < t.proxies().size(); ++i) {
        r.proxies.push_back(ProxyReport{t.proxies()[i].wrapper, m_series.stats(m_proxySeries + i)});
    }
    for (size_t i = 0; i < t.cores().size(); ++i) {
        r.cores.push_back(CoreReport{t.cores()[i].wrapper, m_series.stats(m_coreSeries + i)});
    }
    for (size_t i = 0; i < t.threads().size(); ++i) {
        const ThreadTopology& thread = t.threads()[i];
        const double share =
            m_sums.calls > 0 ? static_cast<double>(m_slowest[i]) / static_cast<double>(m_sums.calls)
                             : kNoValue;
        r.threads.push_back(ThreadReport{thread.wrapper, m_series.stats(m_threadSeries + i),
                                         m_critical[i], share, thread.signature,
                                         static_cast<int>(thread.path.size()) - 1,
                                         computeTimemap(t, m_sums, i, m_halfTwoWay)});
    }
    r.operationTime = m_series.stats(m_operationSeries);
    r.slowestThreadTime = m_series.stats(m_slowestSeries);
    r.imbalancePath = xylem::imbalancePath(t, r.greds);
    r.classes = classifyThreads(r.threads);
    r.hotspots = rankHotspots(r);
    r.clocks = m_clocks;
    return r;
}

} // namespace xylem
