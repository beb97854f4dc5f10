// Session store figures (performance.md): ingest of 10 M tuples, loading them back, the first
// view of the timeline and zoom windows, all at the store level. The same run also measures a
// row-per-tuple table, the layout the chunked one replaced.

#include "core/model/treegenerator.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "core/store/timeline.h"
#include "tests/benchmarks/benchharness.h"
#include "tests/support/tracesimulator.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>

using namespace xylem;
using namespace xylem::store;

namespace {

Configuration benchTree()
{
    std::vector<Host> hosts;
    for (int i = 0; i < 8; ++i) {
        hosts.push_back(Host{"n" + std::to_string(i), i < 4 ? "c0" : "c1"});
    }
    return generateTree({"bench", hosts, 8, TreeShape::HierarchyAware, 2, RootKind::Core}).value();
}

void removeSession(const std::string& path)
{
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::filesystem::remove(path + suffix);
    }
}

// Row per tuple: a prepared INSERT in one transaction.
double rowLayoutSeconds(const std::string& path, std::span<const Tuple> tuples)
{
    removeSession(path);
    auto db = Database::open(path, Database::Mode::Create).value();
    (void)db.exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; CREATE TABLE tuples "
                  "(collector INTEGER, "
                  "seq INTEGER, down_ns INTEGER, up_ns INTEGER, op INTEGER, ret INTEGER)");
    return bench::medianSeconds(1, [&] {
        (void)db.exec("BEGIN");
        auto insert = db.prepare("INSERT INTO tuples VALUES (?, ?, ?, ?, ?, ?)").value();
        for (const Tuple& t : tuples) {
            (void)insert.bind(1, std::int64_t(t.collector))
                .bind(2, t.seq)
                .bind(3, t.down)
                .bind(4, t.up)
                .bind(5, std::int64_t(t.op))
                .bind(6, std::int64_t(t.ret))
                .run();
        }
        (void)db.exec("COMMIT");
    });
}

} // namespace

int main(int argc, char** argv)
{
    const long long target = argc > 1 ? std::atoll(argv[1]) : 10'000'000;
    const std::string dir = std::filesystem::temp_directory_path() / "xylem-bench-store";
    std::filesystem::create_directories(dir);
    const Configuration config = benchTree();
    const auto tuples =
        testing::simulateTrace(config, {.calls = target / config.collectorCount(), .seed = 42});
    std::printf("store: %zu tuples, %d collectors\n", tuples.size(), config.collectorCount());

    const std::string rows = dir + "/rows.db";
    const size_t rowSample = std::min<size_t>(tuples.size(), 2'000'000);
    const double rowSeconds = rowLayoutSeconds(rows, std::span(tuples).first(rowSample));
    bench::printFigure("ingest_rows_tuples_per_s", static_cast<double>(rowSample) / rowSeconds,
                       "1/s");
    removeSession(rows);

    // Chunked tuples, committed in batches of 1 M, as a recording writes them.
    const std::string path = dir + "/bench.xylem";
    removeSession(path);
    double writeSeconds = 0;
    double importSeconds = 0;
    {
        auto session = Session::create(path).value();
        writeSeconds = bench::medianSeconds(1, [&] {
            auto writer = RunWriter::begin(session, config, {"tuples only"}, 0).value();
            for (size_t at = 0; at < tuples.size(); at += 1 << 20) {
                (void)writer.append(
                    std::span(tuples).subspan(at, std::min<size_t>(1 << 20, tuples.size() - at)));
            }
        });
        importSeconds = bench::medianSeconds(
            1, [&] { (void)importRun(session, config, tuples, {"imported"}); });
    }
    bench::printFigure("ingest_tuples_per_s", static_cast<double>(tuples.size()) / writeSeconds,
                       "1/s");
    std::printf("store: import with per-call records and summaries %.3f s (%.3g tuples/s); file "
                "%.1f bytes/tuple\n",
                importSeconds, static_cast<double>(tuples.size()) / importSeconds,
                static_cast<double>(std::filesystem::file_size(path)) /
                    (2.0 * static_cast<double>(tuples.size())));

    size_t loaded = 0;
    const double load = bench::medianSeconds(3, [&] {
        auto session = Session::open(path, OpenMode::ReadOnly).value();
        loaded = loadTuples(session, 2).value().size();
    });
    std::printf("store: loaded %zu tuples in %.3f s (median of 3)\n", loaded, load);
    bench::printFigure("load_tuples_per_s", static_cast<double>(loaded) / load, "1/s");

    size_t firstBuckets = 0;
    const double firstView = bench::medianSeconds(5, [&] {
        auto session = Session::open(path, OpenMode::ReadOnly).value();
        (void)listRuns(session);
        firstBuckets = timelineOverview(session, 2, kOperationSeries, 2000).value().buckets.size();
    });
    std::printf("store: first view: open, list runs, %zu-bucket overview of the operation time\n",
                firstBuckets);
    bench::printFigure("open_first_view_ms", firstView * 1e3, "ms");

    auto session = Session::open(path, OpenMode::ReadOnly).value();
    const RunInfo info = runInfo(session, 2).value();
    const double span = static_cast<double>(*info.lastNs - *info.firstNs);
    std::mt19937_64 rng(7);
    std::vector<double> zooms;
    for (int i = 0; i < 200; ++i) {
        const double fraction =
            std::pow(10.0, -6.0 * std::uniform_real_distribution<double>(0, 1)(rng));
        const auto width = std::max<std::int64_t>(1000, static_cast<std::int64_t>(span * fraction));
        const std::int64_t from =
            *info.firstNs +
            static_cast<std::int64_t>(std::uniform_real_distribution<double>(0, 1)(rng) *
                                      (span - static_cast<double>(width)));
        zooms.push_back(bench::medianSeconds(1, [&] {
            (void)queryTimeline(session, 2, kOperationSeries, {from, from + width}, 2000);
        }));
    }
    std::sort(zooms.begin(), zooms.end());
    std::printf("store: 200 zoom windows (1e-6 to 1 of the run): median %.3f ms, max %.3f ms\n",
                zooms[100] * 1e3, zooms.back() * 1e3);
    bench::printFigure("zoom_window_ms", zooms[100] * 1e3, "ms");
    bench::printFigure("zoom_window_ms_max", zooms.back() * 1e3, "ms");
    removeSession(path);
    return 0;
}
