#include "core/analysis/waittally.h"

namespace xylem {

namespace {

void count(WaitSeverity& s, std::int64_t ns, bool grid)
{
    s.waitNs += ns;
    s.gridNs += grid ? ns : 0;
    s.waits += 1;
}

// The tail of (caused, rank) ascending; -1 when nobody caused anything.
int mainCauseOf(const std::vector<std::int64_t>& caused)
{
    int best = -1;
    for (size_t r = 0; r < caused.size(); ++r) {
        if (caused[r] > 0 && (best < 0 || caused[r] >= caused[static_cast<size_t>(best)])) {
            best = static_cast<int>(r);
        }
    }
    return best;
}

} // namespace

WaitTally::WaitTally(const MpiTrace& trace)
    : m_trace(trace)
{
    for (int p = 0; p < kWaitPatternCount; ++p) {
        PatternSeverity& s = m_report.patterns[static_cast<size_t>(p)];
        s.pattern = static_cast<WaitPattern>(p);
        s.perRank.resize(trace.ranks.size());
        s.causedNs.resize(trace.ranks.size());
    }
}

void WaitTally::add(const Wait& wait)
{
    if (wait.ns <= 0) {
        return;
    }
    if (m_visit) {
        m_visit(wait);
    }
    const auto p = static_cast<size_t>(wait.pattern);
    const bool grid = m_trace.ranks[static_cast<size_t>(wait.waiter)].cluster !=
                      m_trace.ranks[static_cast<size_t>(wait.waitedFor)].cluster;
    PatternSeverity& s = m_report.patterns[p];
    count(s.total, wait.ns, grid);
    count(s.perRank[static_cast<size_t>(wait.waiter)], wait.ns, grid);
    s.causedNs[static_cast<size_t>(wait.waitedFor)] += wait.ns;
    count(m_sites[p][{wait.call, wait.communicator}], wait.ns, grid);
    count(m_comms[p][wait.communicator], wait.ns, grid);
}

WaitStateReport WaitTally::finish(std::int64_t mpiTimeNs)
{
    m_report.mpiTimeNs = mpiTimeNs;
    for (size_t p = 0; p < m_report.patterns.size(); ++p) {
        PatternSeverity& s = m_report.patterns[p];
        for (const auto& [site, severity] : m_sites[p]) {
            s.perCallSite.push_back(CallSiteSeverity{site.first, site.second, severity});
        }
        for (const auto& [comm, severity] : m_comms[p]) {
            s.perCommunicator.push_back(CommunicatorSeverity{comm, severity});
        }
        s.mainCause = mainCauseOf(s.causedNs);
        s.shareOfMpiTime =
            mpiTimeNs > 0 ? static_cast<double>(s.total.waitNs) / static_cast<double>(mpiTimeNs)
                          : 0.0;
    }
    return m_report;
}

} // namespace xylem
