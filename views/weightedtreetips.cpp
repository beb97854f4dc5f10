#include "views/weightedtreetips.h"

#include "views/weightedtreeview.h"

#include <QStringList>

namespace xylem::views {

namespace {

// Every rank of a small gred; of a wide one (hundreds of children) the ranks that occurred,
// the first and last few of them.
QString ordinalCounts(const std::vector<std::int64_t>& counts)
{
    std::vector<size_t> ranks;
    for (size_t r = 0; r < counts.size(); ++r) {
        if (counts.size() <= 16 || counts[r] > 0) {
            ranks.push_back(r);
        }
    }
    QStringList parts;
    for (size_t k = 0; k < ranks.size(); ++k) {
        if (ranks.size() > 16 && k == 10) {
            parts << QStringLiteral("…");
            k = ranks.size() - 4;
        }
        parts << QObject::tr("%1: %2").arg(ranks[k] + 1).arg(counts[ranks[k]]);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

QString nodeToolTip(const AnalysisReport& report, const WeightedNode& n, bool folded)
{
    const QString id = QString::fromStdString(report.idOf(n.wrapper));
    if (n.isThread) {
        return WeightedTreeView::tr("thread %1").arg(id);
    }
    if (!folded) {
        return WeightedTreeView::tr("gred %1 (double-click folds)").arg(id);
    }
    return WeightedTreeView::tr(
               "gred %1, folded: %2 threads; the chain of last arrivals from the root ended in "
               "them in %3 of %4 calls (double-click unfolds)")
        .arg(id)
        .arg(n.threads)
        .arg(n.criticalArrivals)
        .arg(report.calls);
}

QString edgeToolTip(const AnalysisReport& report, const WeightedTreeGraph& graph,
                    const WeightedEdge& e)
{
    const auto& config = *report.configuration;
    const QString child = QString::fromStdString(config.wrapper(e.contributor).id);
    const QString gred = QString::fromStdString(
        config.wrapper(graph.nodes[static_cast<size_t>(e.parent)].wrapper).id);
    QString text = WeightedTreeView::tr("%1 → %2: last to arrive in %3 of %4 calls")
                       .arg(child, gred)
                       .arg(e.lastArrivals)
                       .arg(report.calls);
    if (e.report) {
        text += WeightedTreeView::tr("\narrival order (rank: calls): %1")
                    .arg(ordinalCounts(e.report->arrivalOrder));
        text += WeightedTreeView::tr("\ndeparture order (rank: calls): %1")
                    .arg(ordinalCounts(e.report->departureOrder));
    }
    if (e.onPath) {
        text += WeightedTreeView::tr("\non the imbalance path");
    }
    return text;
}

} // namespace xylem::views
