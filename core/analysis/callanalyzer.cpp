#include "core/analysis/callanalyzer.h"

#include "core/analysis/classes.h"
#include "core/analysis/hotspots.h"
#include "core/analysis/loadbalance.h"
#include "core/analysis/timemap.h"

#include <algorithm>
#include <limits>

namespace xylem {

namespace {

std::vector<ValueSeries> makeSeries(size_t count, size_t window, size_t expectedCalls)
{
    std::vector<ValueSeries> series(count, ValueSeries(window));
    for (ValueSeries& s : series) {
        s.reserve(expectedCalls);
    }
    return series;
}

} // namespace

CallAnalyzer::CallAnalyzer(std::shared_ptr<const Topology> topology, size_t window, size_t expectedCalls)
    : m_topology(std::move(topology))
    , m_operationTime(window)
    , m_slowestThreadTime(window)
{
    const Topology& t = *m_topology;
    const auto wrappers = static_cast<size_t>(t.wrapperCount());
    m_sums.down.assign(wrappers, 0);
    m_sums.up.assign(wrappers, 0);
    m_sums.lastArrival.assign(t.greds().size(), 0);
    m_sums.firstDeparture.assign(t.greds().size(), 0);
    size_t widest = 1;
    for (const GredTopology& g : t.greds()) {
        const size_t p = g.children.size();
        widest = std::max(widest, p);
        GredState s{ValueSeries(window), ValueSeries(window), makeSeries(p, window, expectedCalls),
                    makeSeries(p, window, expectedCalls), makeSeries(p, window, expectedCalls),
                    std::vector<std::int64_t>(p * p, 0), std::vector<std::int64_t>(p * p, 0),
                    std::vector<Int128>(p, 0)};
        s.downLatency.reserve(expectedCalls);
        s.upLatency.reserve(expectedCalls);
        m_greds.push_back(std::move(s));
    }
    m_callTime = makeSeries(t.threads().size(), window, expectedCalls);
    m_critical.assign(t.threads().size(), 0);
    m_slowest.assign(t.threads().size(), 0);
    m_twoWay = makeSeries(t.proxies().size(), window, expectedCalls);
    m_store = makeSeries(t.cores().size(), window, expectedCalls);
    m_operationTime.reserve(expectedCalls);
    m_slowestThreadTime.reserve(expectedCalls);
    m_lastChild.assign(t.greds().size(), 0);
    m_order.resize(widest);
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
    for (size_t slot = 0; slot < m_greds.size(); ++slot) {
        addGred(slot, row);
    }
    addThreads(row);
    addCriticalArrival();
    for (size_t i = 0; i < t.proxies().size(); ++i) {
        const EdgeTimes& below = row[t.proxies()[i].child];
        const EdgeTimes& above = row[t.proxies()[i].wrapper];
        m_twoWay[i].push((below.up - below.down) - (above.up - above.down));
    }
    for (size_t i = 0; i < t.cores().size(); ++i) {
        const EdgeTimes& into = row[t.cores()[i].child];
        m_store[i].push(into.up - into.down);
    }
    ++m_sums.calls;
}

void CallAnalyzer::addGred(size_t slot, const EdgeTimes* row)
{
    const GredTopology& g = m_topology->greds()[slot];
    GredState& s = m_greds[slot];
    const size_t p = g.children.size();
    // l: the largest t1, ties to the later child. t4[f] is the smallest t4 (which child f is
    // does not matter to any metric, only its time).
    size_t l = 0;
    std::int64_t t1l = row[g.children[0]].down;
    std::int64_t t4f = row[g.children[0]].up;
    for (size_t i = 1; i < p; ++i) {
        const EdgeTimes& e = row[g.children[i]];
        if (e.down >= t1l) {
            t1l = e.down;
            l = i;
        }
        t4f = std::min(t4f, e.up);
    }
    const std::int64_t t2 = g.isRoot ? t1l : row[g.wrapper].down;
    const std::int64_t t3 = g.isRoot ? t4f : row[g.wrapper].up;
    s.downLatency.push(t2 - t1l);
    s.upLatency.push(t4f - t3);
    for (size_t i = 0; i < p; ++i) {
        const EdgeTimes& e = row[g.children[i]];
        s.totalLatency[i].push((e.up - e.down) - (t3 - t2));
        s.arrivalWait[i].push(t1l - e.down);
        s.departureWait[i].push(e.up - t4f);
    }
    // Ranks follow the tie rule: sort by (time, position).
    for (size_t i = 0; i < p; ++i) {
        m_order[i] = {row[g.children[i]].down, static_cast<int>(i)};
    }
    std::sort(m_order.begin(), m_order.begin() + static_cast<long>(p));
    for (size_t r = 0; r < p; ++r) {
        ++s.arrivalOrder[static_cast<size_t>(m_order[r].second) * p + r];
    }
    for (size_t i = 0; i < p; ++i) {
        m_order[i] = {row[g.children[i]].up, static_cast<int>(i)};
    }
    std::sort(m_order.begin(), m_order.begin() + static_cast<long>(p));
    for (size_t r = 0; r < p; ++r) {
        ++s.departureOrder[static_cast<size_t>(m_order[r].second) * p + r];
        s.serialization[r] += m_order[r].first - t3;
    }
    m_sums.lastArrival[slot] += t1l;
    m_sums.firstDeparture[slot] += t4f;
    m_lastChild[slot] = static_cast<int>(l);
}

void CallAnalyzer::addThreads(const EdgeTimes* row)
{
    const auto& threads = m_topology->threads();
    std::int64_t firstDown = std::numeric_limits<std::int64_t>::max();
    std::int64_t lastUp = std::numeric_limits<std::int64_t>::min();
    std::int64_t slowestTime = std::numeric_limits<std::int64_t>::min();
    size_t slowest = 0;
    for (size_t i = 0; i < threads.size(); ++i) {
        const EdgeTimes& e = row[threads[i].wrapper];
        const std::int64_t callTime = e.up - e.down;
        m_callTime[i].push(callTime);
        if (callTime >= slowestTime) { // ties go to the later thread
            slowestTime = callTime;
            slowest = i;
        }
        firstDown = std::min(firstDown, e.down);
        lastUp = std::max(lastUp, e.up);
    }
    ++m_slowest[slowest];
    m_operationTime.push(lastUp - firstDown);
    m_slowestThreadTime.push(slowestTime);
}

// From the root, follow this call's last arrival at every gred down to a thread.
void CallAnalyzer::addCriticalArrival()
{
    const Topology& t = *m_topology;
    int w = t.root();
    while (t.threadSlot(w) < 0) {
        const int slot = t.gredSlot(w);
        w = slot >= 0 ? t.greds()[static_cast<size_t>(slot)].children[static_cast<size_t>(m_lastChild[static_cast<size_t>(slot)])]
                      : t.configuration().children(w).front();
    }
    ++m_critical[static_cast<size_t>(t.threadSlot(w))];
}

GredReport CallAnalyzer::gredReport(size_t slot)
{
    const GredTopology& g = m_topology->greds()[slot];
    GredState& s = m_greds[slot];
    const size_t p = g.children.size();
    GredReport r{g.wrapper, s.downLatency.stats(), s.upLatency.stats(), {}, {}};
    for (size_t i = 0; i < p; ++i) {
        ContributorReport c{g.children[i], s.totalLatency[i].stats(), s.arrivalWait[i].stats(),
                            s.departureWait[i].stats(),
                            {s.arrivalOrder.begin() + static_cast<long>(i * p), s.arrivalOrder.begin() + static_cast<long>((i + 1) * p)},
                            {s.departureOrder.begin() + static_cast<long>(i * p), s.departureOrder.begin() + static_cast<long>((i + 1) * p)},
                            s.arrivalOrder[i * p + p - 1]};
        r.contributors.push_back(std::move(c));
    }
    for (const Int128 sum : s.serialization) {
        r.serialization.push_back(m_sums.mean(sum));
    }
    return r;
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
        r.proxies.push_back(ProxyReport{t.proxies()[i].wrapper, m_twoWay[i].stats()});
    }
    for (size_t i = 0; i < t.cores().size(); ++i) {
        r.cores.push_back(CoreReport{t.cores()[i].wrapper, m_store[i].stats()});
    }
    for (size_t i = 0; i < t.threads().size(); ++i) {
        const ThreadTopology& thread = t.threads()[i];
        const double share = m_sums.calls > 0 ? static_cast<double>(m_slowest[i]) / static_cast<double>(m_sums.calls)
                                              : kNoValue;
        r.threads.push_back(ThreadReport{thread.wrapper, m_callTime[i].stats(), m_critical[i], share,
                                         thread.signature, static_cast<int>(thread.path.size()) - 1,
                                         computeTimemap(t, m_sums, i)});
    }
    r.operationTime = m_operationTime.stats();
    r.slowestThreadTime = m_slowestThreadTime.stats();
    r.imbalancePath = imbalancePath(t, r.greds);
    r.classes = classifyThreads(r.threads);
    r.hotspots = rankHotspots(r);
    return r;
}

} // namespace xylem
