// Big trees in the GUI (issue 23, item 7; performance.md): the weighted tree of 4 096 threads on
// 512 hosts (xylem-cli generate --hosts 512 --threads 8, a simulated run with a planted culprit)
// and the scope canvas of a 512-host design, offscreen at 1280x800. Figures, medians:
//   tree_show_ms_4096    set the report, fit, first paint
//   tree_redraw_ms_4096  one frame after a random zoom (fit .. 16x) or pan, painted, as the view
//                        opens (hosts folded but the imbalance path's)
//   scope_show_ms_512    a generated 512-host design (k-ary 4, load-balance preset) shown
//   scope_redraw_ms_512  one frame of the scope canvas after a zoom or pan

#include "core/analysis/analyzer.h"
#include "core/live/scopegenerator.h"
#include "core/model/treegenerator.h"
#include "tests/benchmarks/benchharness.h"
#include "tests/support/tracesimulator.h"
#include "views/scopecanvas.h"
#include "views/scopedocument.h"
#include "views/weightedtreeview.h"

#include <QApplication>
#include <QGraphicsView>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>

using namespace xylem;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

double percentile90(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() * 9 / 10];
}

// Random zooms between the fitted scale and 16 times it, and pans to random points, each
// followed by a synchronous paint of the viewport: the milliseconds of every frame.
std::vector<double> panAndZoom(QGraphicsView& view, int frames)
{
    const QTransform fitted = view.transform();
    const QRectF all = view.sceneRect();
    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<double> times;
    for (int f = 0; f < frames; ++f) {
        const auto start = Clock::now();
        if (f % 2 == 0) {
            const double zoom = std::pow(16.0, unit(random));
            view.setTransform(QTransform(fitted).scale(zoom, zoom));
        }
        view.centerOn(all.left() + unit(random) * all.width(),
                      all.top() + unit(random) * all.height());
        (void)view.viewport()->grab();
        times.push_back(msSince(start));
    }
    return times;
}

void treeFigures()
{
    std::vector<Host> hosts;
    for (int i = 0; i < 512; ++i) {
        hosts.push_back(Host{"h" + std::to_string(i), "c0"});
    }
    auto config = std::make_shared<const Configuration>(
        generateTree({"bench", hosts, 8, TreeShape::HierarchyAware, 2, RootKind::Core}).value());
    auto start = Clock::now();
    const auto tuples = testing::simulateTrace(
        *config, {.calls = 100, .seed = 5, .culprit = "h317.t5", .culpritDelay = 60'000});
    auto report = std::make_shared<const AnalysisReport>(analyze(*config, tuples));
    std::printf(
        "tree: %zu threads, %zu tuples simulated and analysed in %.0f ms; path ends at %s\n",
        report->threads.size(), tuples.size(), msSince(start),
        report->idOf(report->imbalancePath.back()).c_str());

    views::WeightedTreeView view;
    view.resize(1280, 800);
    view.show();
    std::vector<double> shows;
    for (int r = 0; r < 5; ++r) {
        start = Clock::now();
        view.setReport(report);
        view.fitTree();
        (void)view.viewport()->grab();
        shows.push_back(msSince(start));
    }
    xylem::bench::printFigure("tree_show_ms_4096", median(shows), "ms");
    const auto frames = panAndZoom(view, 80);
    std::printf("tree: 80 zooms and pans: median %.2f ms, p90 %.2f ms\n", median(frames),
                percentile90(frames));
    xylem::bench::printFigure("tree_redraw_ms_4096", median(frames), "ms");
    // Everything unfolded by hand: the worst the user can ask for (not the figure's case).
    view.unfoldAll();
    view.fitTree();
    const auto unfolded = panAndZoom(view, 40);
    std::printf("tree: all 4096 threads unfolded, 40 zooms and pans: median %.2f ms, p90 %.2f ms\n",
                median(unfolded), percentile90(unfolded));
}

void scopeFigures()
{
    live::DesignSpec spec;
    spec.shape = gather::TopologyShape::Kary;
    spec.fanout = 4;
    for (int i = 0; i < 512; ++i) {
        spec.hosts.hosts.push_back("h" + std::to_string(i));
    }
    auto design = live::generateDesign(spec).value();
    live::applyPreset(design, live::Monitor::LoadBalance).value();
    std::printf("scope: a design of %zu nodes\n", design.nodes.size());
    views::ScopeDocument document;
    views::ScopeCanvas canvas(&document);
    canvas.resize(1280, 800);
    canvas.show();
    std::vector<double> shows;
    for (int r = 0; r < 5; ++r) {
        const auto start = Clock::now();
        document.replaceDesign(r % 2 == 0 ? design : live::ScopeDesign{}, QStringLiteral("bench"));
        (void)canvas.viewport()->grab();
        if (r % 2 == 0) {
            shows.push_back(msSince(start));
        }
    }
    xylem::bench::printFigure("scope_show_ms_512", median(shows), "ms");
    const auto frames = panAndZoom(canvas, 40);
    std::printf("scope: 40 zooms and pans: median %.2f ms, p90 %.2f ms\n", median(frames),
                percentile90(frames));
    xylem::bench::printFigure("scope_redraw_ms_512", median(frames), "ms");
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    treeFigures();
    scopeFigures();
    return 0;
}
