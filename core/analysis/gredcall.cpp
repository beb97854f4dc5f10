#include "core/analysis/gredcall.h"

#include <algorithm>

namespace xylem {

namespace {

size_t widestGred(const Topology& t)
{
    size_t widest = 1;
    for (const GredTopology& g : t.greds()) {
        widest = std::max(widest, g.children.size());
    }
    return widest;
}

} // namespace

GredCallEvaluator::GredCallEvaluator(const Topology& topology)
    : GredCallEvaluator(widestGred(topology))
{
}

GredCallEvaluator::GredCallEvaluator(size_t widest)
    : m_t1(widest)
    , m_t4(widest)
    , m_arrivalRank(widest)
    , m_departureRank(widest)
    , m_ranker(widest)
{
}

const GredCall& GredCallEvaluator::evaluate(const GredTopology& g, const EdgeTimes* row,
                                            bool ownEdge)
{
    const size_t p = g.children.size();
    GredCall& c = m_call;
    c.last = 0;
    for (size_t i = 0; i < p; ++i) {
        m_t1[i] = row[g.children[i]].down;
        m_t4[i] = row[g.children[i]].up;
    }
    c.t1l = m_t1[0];
    c.t4f = m_t4[0];
    for (size_t i = 1; i < p; ++i) {
        if (m_t1[i] >= c.t1l) { // ties go to the later child
            c.t1l = m_t1[i];
            c.last = i;
        }
        c.t4f = std::min(c.t4f, m_t4[i]);
    }
    c.t2 = ownEdge ? row[g.wrapper].down : c.t1l;
    c.t3 = ownEdge ? row[g.wrapper].up : c.t4f;
    m_ranker.rank(m_t1.data(), p, m_arrivalRank.data());
    m_ranker.rank(m_t4.data(), p, m_departureRank.data());
    return c;
}

} // namespace xylem
