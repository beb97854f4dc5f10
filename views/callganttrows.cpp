#include "views/callganttrows.h"

#include <algorithm>
#include <unordered_set>

namespace xylem::views {

namespace {

struct Builder
{
    const CallDetail& d;
    const Configuration& c;
    bool folded;
    std::unordered_set<int> kept;        // wrappers that keep their own row when folded
    std::unordered_set<int> lastArrival; // the last arrival at each gred
    std::unordered_set<int> chain;       // the chain of last arrivals from the root
    std::vector<const CallEdge*> edgeOf; // by wrapper
    std::vector<int> threadOf;           // by wrapper: index into d.threads
    std::vector<CallGanttRow> rows;

    Builder(const CallDetail& detail, bool fold)
        : d(detail)
        , c(*detail.configuration)
        , folded(fold)
        , edgeOf(static_cast<size_t>(c.wrapperCount()), nullptr)
        , threadOf(static_cast<size_t>(c.wrapperCount()), -1)
    {
        for (const CallEdge& e : d.edges) {
            edgeOf[static_cast<size_t>(e.wrapper)] = &e;
        }
        for (size_t i = 0; i < d.threads.size(); ++i) {
            threadOf[static_cast<size_t>(d.threads[i].wrapper)] = static_cast<int>(i);
        }
        for (const CallGred& g : d.greds) {
            lastArrival.insert(g.lastArrival);
        }
        chain.insert(d.lastArrivalPath.begin(), d.lastArrivalPath.end());
        kept = chain;
        for (int w = d.slowestThread; w >= 0; w = c.wrapper(w).parent) {
            kept.insert(w);
        }
    }

    CallGanttRow rowOf(int w, int depth) const
    {
        CallGanttRow r;
        r.wrapper = w;
        r.depth = depth;
        r.lastArrival = lastArrival.count(w) > 0;
        r.onLastArrivalPath = chain.count(w) > 0;
        r.slowest = w == d.slowestThread;
        r.thread = threadOf[static_cast<size_t>(w)];
        if (w == c.root()) {
            r.kind = CallRowKind::Root;
            r.downNs = d.times.startNs;
            r.upNs = d.times.startNs + d.times.operationTime;
            return r;
        }
        r.kind = r.thread >= 0 ? CallRowKind::Thread : CallRowKind::Edge;
        r.downNs = edgeOf[static_cast<size_t>(w)]->downNs;
        r.upNs = edgeOf[static_cast<size_t>(w)]->upNs;
        return r;
    }

    CallGanttRow foldedRow(int gred, int depth, std::vector<int> members) const
    {
        CallGanttRow r;
        r.kind = CallRowKind::Folded;
        r.wrapper = gred;
        r.depth = depth;
        r.downNs = edgeOf[static_cast<size_t>(members.front())]->downNs;
        r.upNs = edgeOf[static_cast<size_t>(members.front())]->upNs;
        for (const int m : members) {
            r.downNs = std::min(r.downNs, edgeOf[static_cast<size_t>(m)]->downNs);
            r.upNs = std::max(r.upNs, edgeOf[static_cast<size_t>(m)]->upNs);
            r.lastArrival = r.lastArrival || lastArrival.count(m) > 0;
        }
        r.members = std::move(members);
        return r;
    }

    // Pre-order from w: children in configuration order; when folded, the children off both
    // paths go into one row after the kept ones (a lone leaf keeps its row: no gain in folding).
    void visit(int w, int depth)
    {
        rows.push_back(rowOf(w, depth));
        std::vector<int> others;
        for (const int child : c.children(w)) {
            if (!folded || kept.count(child) > 0) {
                visit(child, depth + 1);
            } else {
                others.push_back(child);
            }
        }
        if (others.size() == 1 && c.children(others.front()).empty()) {
            visit(others.front(), depth + 1);
        } else if (!others.empty()) {
            rows.push_back(foldedRow(w, depth + 1, std::move(others)));
        }
    }
};

} // namespace

std::vector<CallGanttRow> callGanttRows(const CallDetail& detail, bool folded)
{
    if (!detail.configuration) {
        return {};
    }
    Builder b(detail, folded);
    b.visit(b.c.root(), 0);
    return std::move(b.rows);
}

} // namespace xylem::views
