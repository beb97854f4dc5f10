#pragma once

// What an MPI program is given to be recorded (mpirecording.h): a scratch folder for the run's
// description and a name for its rings, both removed with the recording; the PMPI interposer
// found where it is installed or built; and the environment that preloads it.

#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::record {

// A folder under $TMPDIR (else /tmp) and the rings' name prefix; the destructor removes the
// folder and every ring of the prefix left in /dev/shm.
class MpiScratch
{
public:
    static Result<MpiScratch> make();
    MpiScratch(MpiScratch&& other) noexcept;
    MpiScratch& operator=(MpiScratch&&) = delete;
    ~MpiScratch();

    const std::string& folder() const { return m_folder; }
    const std::string& ringBase() const { return m_ringBase; } // "xylem-mpi-PID-"

private:
    MpiScratch(std::string folder, std::string ringBase)
        : m_folder(std::move(folder))
        , m_ringBase(std::move(ringBase))
    {
    }
    std::string m_folder;
    std::string m_ringBase;
};

// libxylem-mpi.so: $XYLEM_MPI_LIBRARY, else the package's library folder's xylem/ seen from the
// running program's bin, else where this build put it.
Result<std::string> findMpiInterposer();

// LD_PRELOAD with the interposer (before what was preloaded), the rings, the description's
// folder, the ring capacity and the tuple clock.
std::vector<std::string> mpiProgramEnvironment(const std::string& library,
                                               const MpiScratch& scratch,
                                               std::int64_t ringCapacity);

} // namespace xylem::record
