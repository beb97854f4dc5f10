#include "core/record/mpienvironment.h"

#include "core/model/tupleclock.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace xylem::record {

Result<MpiScratch> MpiScratch::make()
{
    const char* tmp = std::getenv("TMPDIR");
    std::string folder = std::string(tmp && *tmp ? tmp : "/tmp") + "/xylem-mpi-XXXXXX";
    if (!::mkdtemp(folder.data())) {
        return makeError(ErrorCode::IoError, "cannot make a scratch folder",
                         std::filesystem::path(folder).parent_path().string());
    }
    return MpiScratch(folder, "xylem-mpi-" + std::to_string(::getpid()) + "-");
}

MpiScratch::MpiScratch(MpiScratch&& other) noexcept
    : m_folder(std::exchange(other.m_folder, {}))
    , m_ringBase(std::exchange(other.m_ringBase, {}))
{
}

MpiScratch::~MpiScratch()
{
    if (m_folder.empty()) {
        return; // moved from
    }
    std::error_code ec;
    std::filesystem::remove_all(m_folder, ec);
    for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
        if (e.path().filename().string().starts_with(m_ringBase)) {
            std::filesystem::remove(e.path(), ec);
        }
    }
}

Result<std::string> findMpiInterposer()
{
    namespace fs = std::filesystem;
    if (const char* given = std::getenv("XYLEM_MPI_LIBRARY"); given && *given) {
        return fs::exists(given)
                   ? Result<std::string>(std::string(given))
                   : makeError(ErrorCode::NotFound,
                               "$XYLEM_MPI_LIBRARY names no file: " + std::string(given));
    }
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    // Installed: xylem/ in the package's library folder, seen from bin (XYLEM_LIBDIR_FROM_BINDIR,
    // e.g. ../lib/x86_64-linux-gnu); else where this build put it.
    for (const fs::path& p :
         {self.parent_path() / XYLEM_LIBDIR_FROM_BINDIR / "xylem" / "libxylem-mpi.so",
          fs::path(XYLEM_BUILT_MPI_LIBRARY)}) {
        if (fs::exists(p, ec)) {
            return p.string();
        }
    }
    return makeError(ErrorCode::NotFound, "cannot find libxylem-mpi.so (set $XYLEM_MPI_LIBRARY)");
}

std::vector<std::string> mpiProgramEnvironment(const std::string& library,
                                               const MpiScratch& scratch, std::int64_t ringCapacity)
{
    const char* preload = std::getenv("LD_PRELOAD");
    std::vector<std::string> environment{
        "LD_PRELOAD=" + library + (preload && *preload ? ":" + std::string(preload) : ""),
        "XYLEM_RING_PREFIX=" + scratch.ringBase(), "XYLEM_MPI_OUT=" + scratch.folder(),
        "XYLEM_RING_CAPACITY=" + std::to_string(ringCapacity)};
    for (std::string& clock : tupleClockEnvironment()) {
        environment.push_back(std::move(clock));
    }
    return environment;
}

} // namespace xylem::record
