#include "tests/support/tracesimulator.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace xylem::testing {

namespace {

class CallSimulator
{
public:
    CallSimulator(const Configuration& config, const SimulationSpec& spec)
        : m_config(config)
        , m_spec(spec)
        , m_rng(spec.seed)
        , m_down(static_cast<size_t>(config.wrapperCount()))
        , m_up(static_cast<size_t>(config.wrapperCount()))
    {
    }

    // stalled: stall.thread enters this call stall.delay late.
    void simulate(std::int64_t seq, std::int64_t start, bool stalled, std::vector<Tuple>& out)
    {
        m_start = start;
        m_seq = seq;
        m_stalled = stalled;
        const int root = m_config.root();
        const auto children = m_config.children(root);
        if (m_config.wrapper(root).kind == WrapperKind::Core) {
            const int c = children.front();
            const std::int64_t d = down(c);
            up(c, d + jitter(m_spec.storeLatency));
        } else {
            std::int64_t last = 0;
            for (int c : children) {
                last = std::max(last, down(c));
            }
            releaseChildren(root, last + jitter(m_spec.gredLatency));
        }
        for (int w = 0; w < m_config.wrapperCount(); ++w) {
            if (w != root) {
                out.push_back(Tuple{seq, m_down[static_cast<size_t>(w)],
                                    m_up[static_cast<size_t>(w)], static_cast<std::uint32_t>(w), 1,
                                    0});
            }
        }
    }

private:
    std::int64_t lateness(const std::string& thread) const
    {
        const bool switched = !m_spec.laterCulprit.empty() && m_seq >= m_spec.culpritSwitchSeq;
        std::int64_t late = 0;
        if (thread == (switched ? m_spec.laterCulprit : m_spec.culprit)) {
            late += m_spec.culpritDelay;
        }
        if (m_stalled && thread == m_spec.stall.thread) {
            late += m_spec.stall.delay;
        }
        return late;
    }

    std::int64_t jitter(std::int64_t base)
    {
        return base + static_cast<std::int64_t>(m_rng() % static_cast<std::uint64_t>(base / 2 + 1));
    }

    // The time the call passes from w into its parent.
    std::int64_t down(int w)
    {
        const Wrapper& wrapper = m_config.wrapper(w);
        std::int64_t d = 0;
        if (wrapper.kind == WrapperKind::Thread) {
            d = m_start + static_cast<std::int64_t>(
                              m_rng() % static_cast<std::uint64_t>(m_spec.arrivalSpread + 1));
            d += lateness(wrapper.id);
        } else if (wrapper.kind == WrapperKind::Proxy) {
            d = down(m_config.children(w).front()) + jitter(m_spec.proxyLatency);
        } else {
            std::int64_t last = 0;
            for (int c : m_config.children(w)) {
                last = std::max(last, down(c));
            }
            d = last + jitter(m_spec.gredLatency);
        }
        m_down[static_cast<size_t>(w)] = d;
        return d;
    }

    // The parent returns to w at time u; w passes the result on to its own children.
    void up(int w, std::int64_t u)
    {
        m_up[static_cast<size_t>(w)] = u;
        const Wrapper& wrapper = m_config.wrapper(w);
        if (wrapper.kind == WrapperKind::Proxy) {
            up(m_config.children(w).front(), u + jitter(m_spec.proxyLatency));
        } else if (wrapper.kind == WrapperKind::Gred) {
            releaseChildren(w, u + jitter(m_spec.gredLatency));
        }
    }

    // Children leave in arrival order, each a departure step after the one before.
    void releaseChildren(int g, std::int64_t firstRelease)
    {
        const auto children = m_config.children(g);
        std::vector<size_t> order(children.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
            return m_down[static_cast<size_t>(children[a])] <
                   m_down[static_cast<size_t>(children[b])];
        });
        for (size_t r = 0; r < order.size(); ++r) {
            const std::int64_t noise = static_cast<std::int64_t>(
                m_rng() % static_cast<std::uint64_t>(m_spec.departureStep + 1));
            up(children[order[r]],
               firstRelease + static_cast<std::int64_t>(r) * m_spec.departureStep + noise);
        }
    }

    const Configuration& m_config;
    const SimulationSpec& m_spec;
    std::mt19937_64 m_rng;
    std::vector<std::int64_t> m_down;
    std::vector<std::int64_t> m_up;
    std::int64_t m_start = 0;
    std::int64_t m_seq = 0;
    bool m_stalled = false;
};

constexpr std::int64_t kFirstStart = 1'000'000;

// Which calls (by index) the stall and the random stalls hit.
std::vector<bool> stalledCalls(const SimulationSpec& spec)
{
    std::vector<bool> stalled(static_cast<size_t>(std::max<std::int64_t>(spec.calls, 0)), false);
    if (stalled.empty()) {
        return stalled;
    }
    const std::vector<std::int64_t> strikes = plannedStrikes(spec);
    size_t next = 0;
    for (size_t k = 0; k < stalled.size(); ++k) {
        const std::int64_t t = static_cast<std::int64_t>(k) * spec.period;
        while (next < strikes.size() && strikes[next] + spec.stall.window <= t) {
            ++next;
        }
        stalled[k] = next < strikes.size() && strikes[next] <= t;
    }
    std::mt19937_64 rng(spec.seed + 2);
    const auto free = std::count(stalled.begin(), stalled.end(), false);
    for (std::int64_t i = 0; i < std::min<std::int64_t>(spec.randomStalls, free); ++i) {
        size_t k = 0;
        do {
            k = static_cast<size_t>(rng() % stalled.size());
        } while (stalled[k]);
        stalled[k] = true;
    }
    return stalled;
}

} // namespace

std::vector<Tuple> simulateTrace(const Configuration& config, const SimulationSpec& spec)
{
    std::vector<Tuple> tuples;
    tuples.reserve(static_cast<size_t>(spec.calls) * static_cast<size_t>(config.collectorCount()));
    CallSimulator simulator(config, spec);
    const std::vector<bool> stalled = stalledCalls(spec);
    for (std::int64_t k = 0; k < spec.calls; ++k) {
        simulator.simulate(spec.firstSeq + k, kFirstStart + k * spec.period,
                           stalled[static_cast<size_t>(k)], tuples);
    }
    return tuples;
}

std::vector<std::int64_t> plannedStrikes(const SimulationSpec& spec)
{
    std::vector<std::int64_t> strikes;
    const PeriodicStall& stall = spec.stall;
    if (stall.period <= 0 || stall.thread.empty()) {
        return strikes;
    }
    std::mt19937_64 rng(spec.seed + 1);
    std::uniform_int_distribution<std::int64_t> jitter(-stall.jitter, stall.jitter);
    std::uniform_real_distribution<double> coin(0, 1);
    const std::int64_t end = spec.calls * spec.period;
    for (std::int64_t t = stall.phase; t < end; t += stall.period) {
        const std::int64_t moved = t + jitter(rng);
        if (coin(rng) >= stall.missing) {
            strikes.push_back(moved);
        }
    }
    std::sort(strikes.begin(), strikes.end());
    return strikes;
}

} // namespace xylem::testing
