// designFigures() (scopedeploy.h): each design node's live figures from its collectors' lines.

#include "core/live/scopedeploy.h"
#include "core/model/recording.h"

#include <algorithm>

namespace xylem::live {

namespace {

struct Totals
{
    double readPerSecond = 0;
    std::uint64_t read = 0;
    std::uint64_t overwritten = 0;
    std::optional<double> delayMs;
    bool lost = false;
};

const gather::NodeCounts* lineOf(const std::map<std::string, gather::NodeCounts>& lines,
                                 const std::string& host)
{
    const auto it = lines.find(host);
    return it == lines.end() ? nullptr : &it->second;
}

// One collector's share: tuples read per second over the last poll, and since the deployment.
Totals collectorTotals(const std::string& host, const CountSnapshot& counts)
{
    Totals t;
    const auto* now = lineOf(counts.current, host);
    if (!now) {
        return t;
    }
    const auto* base = lineOf(counts.base, host);
    const auto* before = lineOf(counts.previous, host);
    t.read = now->read - (base ? std::min(base->read, now->read) : 0);
    t.overwritten = now->overwritten - (base ? std::min(base->overwritten, now->overwritten) : 0);
    if (before && now->nowNs > before->nowNs && now->read >= before->read) {
        t.readPerSecond = static_cast<double>(now->read - before->read) /
                          (static_cast<double>(now->nowNs - before->nowNs) / 1e9);
    }
    if (counts.frontEndNowNs > 0) {
        t.delayMs = std::max(0.0, static_cast<double>(counts.frontEndNowNs - now->nowNs) / 1e6);
    }
    return t;
}

NodeFigures figuresOf(const Totals& t)
{
    NodeFigures f;
    f.tuplesPerSecond = t.readPerSecond;
    f.overwritten = t.overwritten;
    f.gatherRatePct = gatherRatePct(t.read, t.overwritten);
    f.delayMs = t.delayMs;
    f.lost = t.lost;
    return f;
}

class Aggregator
{
public:
    Aggregator(const ScopeDesign& design, const DeployPlan& plan, const CountSnapshot& counts)
        : m_design(design)
        , m_plan(plan)
        , m_counts(counts)
    {
    }

    // The totals of the subtree under id (a collector: its own), recording every node's figures.
    Totals visit(int id, DesignFigures& out, size_t depth = 0)
    {
        const DesignNode& node = *m_design.find(id);
        Totals sum;
        if (node.kind == DesignNodeKind::Collector) {
            sum = collectorTotals(node.host, m_counts);
        }
        for (int child : m_design.childrenOf(id)) {
            if (m_design.find(child)->kind == DesignNodeKind::Filter ||
                depth > m_design.nodes.size()) {
                continue;
            }
            const Totals below = visit(child, out, depth + 1);
            sum.readPerSecond += below.readPerSecond;
            sum.read += below.read;
            sum.overwritten += below.overwritten;
            sum.lost = sum.lost || below.lost;
            if (below.delayMs) {
                sum.delayMs = std::max(sum.delayMs.value_or(0), *below.delayMs);
            }
        }
        sum.lost = sum.lost || isLost(id);
        NodeFigures f = figuresOf(sum);
        f.cpuPct = cpuOf(node.host);
        out[id] = f;
        return sum;
    }

private:
    bool isLost(int id) const
    {
        const auto it = m_plan.treeNodeOf.find(id);
        return it != m_plan.treeNodeOf.end() &&
               std::find(m_counts.lostTreeNodes.begin(), m_counts.lostTreeNodes.end(),
                         it->second) != m_counts.lostTreeNodes.end();
    }

    // A relay's or the front-end's host has a collector too when it serves its own leaves.
    std::optional<double> cpuOf(const std::string& host) const
    {
        const auto* line = lineOf(m_counts.current, host);
        return line ? line->cpuBusyPct : std::nullopt;
    }

    const ScopeDesign& m_design;
    const DeployPlan& m_plan;
    const CountSnapshot& m_counts;
};

} // namespace

DesignFigures designFigures(const ScopeDesign& design, const DeployPlan& plan,
                            const CountSnapshot& counts)
{
    DesignFigures figures;
    if (const DesignNode* frontEnd = design.frontEnd()) {
        Aggregator(design, plan, counts).visit(frontEnd->id, figures);
    }
    return figures;
}

} // namespace xylem::live
