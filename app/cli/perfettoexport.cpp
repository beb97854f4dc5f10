#include "app/cli/perfettoexport.h"

#include "app/cli/sessioninput.h"
#include "core/export/perfettotrace.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"

#include <cstdio>
#include <fstream>
#include <vector>

namespace xylem::cli {

namespace {

Result<PerfettoCounts> writeTo(const std::string& file, const Run& run, const MpiTrace* mpi,
                               const std::string& title)
{
    std::vector<char> buffer(std::size_t(1) << 20); // big writes: the file may be gigabytes
    std::ofstream out;
    out.rdbuf()->pubsetbuf(buffer.data(), static_cast<std::streamsize>(buffer.size()));
    out.open(file, std::ios::binary | std::ios::trunc);
    if (!out) {
        return makeError(ErrorCode::IoError, "cannot write the file", file);
    }
    auto counts = writePerfettoTrace(run, mpi, title, out);
    out.close();
    if (counts && !out) {
        return makeError(ErrorCode::DiskFull, "writing failed (disk full?)", file);
    }
    return counts;
}

} // namespace

Result<Ok> exportRunPerfetto(const std::string& sessionPath, std::optional<std::int64_t> run,
                             const std::string& file, std::ostream& out, std::ostream& err)
{
    XYLEM_TRY(session, openSession(sessionPath, store::OpenMode::ReadOnly, err));
    XYLEM_TRY(id, store::resolveRun(session.value(), run));
    XYLEM_TRY(info, store::runInfo(session.value(), id.value()));
    XYLEM_TRY(loaded, store::loadRun(session.value(), id.value()));
    XYLEM_TRY(hasMpi, store::hasMpiTrace(session.value(), id.value()));
    std::optional<MpiTrace> mpi;
    if (hasMpi.value()) {
        XYLEM_TRY(trace, store::mpiTrace(session.value(), id.value()));
        mpi = std::move(trace).value();
    }
    const std::string title =
        "run " + std::to_string(id.value()) + " \"" + info->metadata.name + "\" of " + sessionPath;
    auto counts = writeTo(file, loaded.value(), mpi ? &*mpi : nullptr, title);
    if (!counts) {
        std::remove(file.c_str()); // half a JSON file is of no use to anyone
        return counts.error();
    }
    out << file << ": run " << id.value() << ", " << counts->slices << " slices, " << counts->flows
        << " wait-state flows";
    if (counts->clamped > 0) {
        out << ", " << counts->clamped << " slices shortened to fit their track";
    }
    out << " (open it in https://ui.perfetto.dev)\n";
    return Ok{};
}

} // namespace xylem::cli
