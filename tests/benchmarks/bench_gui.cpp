// A 10 M-tuple session in the GUI's timeline (performance.md): the first view (open the file,
// read the overview buckets of both series, draw) and a redraw after zooming or panning to a
// random window (read that window's buckets, draw), offscreen. Figures: open_first_view_ms and
// redraw_ms, medians.

#include "core/model/treegenerator.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "tests/benchmarks/benchharness.h"
#include "tests/support/tracesimulator.h"
#include "views/timelineview.h"

#include <QApplication>
#include <qcustomplot.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <random>

using namespace xylem;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double quantile(std::vector<double> v, double q)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[static_cast<size_t>(q * static_cast<double>(v.size() - 1))];
}

double median(std::vector<double> v)
{
    return quantile(std::move(v), 0.5);
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const long long target = argc > 1 ? std::atoll(argv[1]) : 10'000'000;
    std::vector<Host> hosts;
    for (int i = 0; i < 8; ++i) {
        hosts.push_back(Host{"n" + std::to_string(i), i < 4 ? "c0" : "c1"});
    }
    const Configuration config =
        generateTree({"bench", hosts, 8, TreeShape::HierarchyAware, 2, RootKind::Core}).value();
    const std::string path =
        (std::filesystem::temp_directory_path() / "xylem-bench-gui.xylem").string();
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::filesystem::remove(path + suffix);
    }
    std::int64_t run = 0, first = 0, last = 0;
    {
        const auto tuples =
            testing::simulateTrace(config, {.calls = target / config.collectorCount(), .seed = 7});
        auto session = store::Session::create(path).value();
        run = store::importRun(session, config, tuples, {"bench"}).value();
        const auto info = store::runInfo(session, run).value();
        first = *info.firstNs;
        last = *info.lastNs;
        std::printf("gui: a session of %zu tuples, %lld calls\n", tuples.size(),
                    static_cast<long long>(info.calls));
    }
    views::TimelineView view;
    view.resize(1280, 600);
    view.show();
    const int points = view.pointsWanted();

    std::vector<double> firstViews;
    for (int r = 0; r < 5; ++r) {
        const auto start = Clock::now();
        auto session = store::Session::open(path, store::OpenMode::ReadOnly).value();
        const auto op =
            store::timelineOverview(session, run, store::kOperationSeries, size_t(points)).value();
        const auto slow =
            store::timelineOverview(session, run, store::kSlowestThreadSeries, size_t(points))
                .value();
        view.setRun(first, last);
        view.setSlices(op, slow);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        firstViews.push_back(msSince(start));
    }
    std::printf(
        "gui: first view of the timeline (open, overview of both series, draw): median %.2f ms\n",
        median(firstViews));
    xylem::bench::printFigure("open_first_view_ms", median(firstViews), "ms");

    auto session = store::Session::open(path, store::OpenMode::ReadOnly).value();
    std::mt19937_64 random(3);
    std::vector<double> frames;
    std::vector<double> rawQueries, summaryQueries, draws; // where a frame's time goes
    size_t drawn = 0;
    for (int f = 0; f < 200; ++f) {
        // Windows from a millionth of the run to all of it, anywhere in it.
        const double fraction = std::pow(10.0, -6.0 * double(random() % 1000) / 1000.0);
        const auto span = std::max<std::int64_t>(
            1000, static_cast<std::int64_t>(double(last - first) * fraction));
        const std::int64_t from =
            first + static_cast<std::int64_t>(
                        random() % std::uint64_t(std::max<std::int64_t>(1, last - first - span)));
        const auto start = Clock::now();
        const store::TimeWindow window{from, from + span};
        const auto op =
            store::queryTimeline(session, run, store::kOperationSeries, window, size_t(points))
                .value();
        const auto slow =
            store::queryTimeline(session, run, store::kSlowestThreadSeries, window, size_t(points))
                .value();
        (op.level < 0 ? rawQueries : summaryQueries).push_back(msSince(start));
        const auto drawStart = Clock::now();
        view.showWindow(from, from + span);
        view.setSlices(op, slow);
        view.plot()->replot(QCustomPlot::rpImmediateRefresh);
        draws.push_back(msSince(drawStart));
        frames.push_back(msSince(start));
        drawn = std::max(drawn, view.pointsDrawn());
    }
    std::sort(frames.begin(), frames.end());
    std::printf(
        "gui: 200 zooms and pans (1e-6 to 1 of the run): median %.2f ms, p90 %.2f ms, max %.2f ms; "
        "at most %zu points drawn\n",
        frames[frames.size() / 2], frames[frames.size() * 9 / 10], frames.back(), drawn);
    std::printf("gui: of which reading: %zu raw-record windows median %.2f ms (p90 %.2f), %zu "
                "summary windows median %.2f ms (p90 %.2f); drawing median %.2f ms (p90 %.2f)\n",
                rawQueries.size(), median(rawQueries), quantile(rawQueries, 0.9),
                summaryQueries.size(), median(summaryQueries), quantile(summaryQueries, 0.9),
                median(draws), quantile(draws, 0.9));
    xylem::bench::printFigure("redraw_ms", frames[frames.size() / 2], "ms");
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::filesystem::remove(path + suffix);
    }
    return 0;
}
