// MPI events into the session and back (issue 9: at least 1 M events/s stored): 2 M events of
// 16 ranks written by addMpiTrace in its one transaction, then read by mpiTrace.

#include "core/store/mpistore.h"
#include "core/store/session.h"
#include "tests/benchmarks/benchharness.h"
#include "tests/support/mpitracebuilder.h"

#include <filesystem>

using namespace xylem;
using namespace xylem::store;

int main()
{
    const std::string path =
        (std::filesystem::temp_directory_path() / "xylem-bench-mpistore.xylem").string();
    const MpiTrace trace = testing::lateRankTrace(16, 3, 900, 125000); // 2 M events
    const double events = static_cast<double>(trace.events.size());
    const double write = bench::medianSeconds(3, [&] {
        for (const char* suffix : {"", "-wal", "-shm"}) {
            std::filesystem::remove(path + suffix);
        }
        Session session = Session::create(path).value();
        // The bare run row the MPI data hangs on (its tuples do not matter here).
        (void)session.database()
            .exec("INSERT INTO runs (id, name, configuration, recorded_at) VALUES (1, 'mpi', "
                  "'{}', '2026-01-01T00:00:00Z')")
            .value();
        (void)addMpiTrace(session, 1, trace).value();
    });
    Session session = Session::open(path, OpenMode::ReadOnly).value();
    std::size_t read = 0;
    const double load =
        bench::medianSeconds(3, [&] { read = mpiTrace(session, 1)->events.size(); });
    bench::printFigure("mpi_store_events_per_s", events / write, "1/s");
    bench::printFigure("mpi_load_events_per_s", static_cast<double>(read) / load, "1/s");
    return read == trace.events.size() ? 0 : 1;
}
