// libFuzzer target: an OTF2 archive someone imports (xylem-cli import-otf2, the GUI's Import).
// The input is an archive packed by archivepack.h; it is unpacked into a folder of its own, and
// its anchor ("traces.otf2", as exportOtf2 and Score-P name it) is looked at and imported as the
// CLI does: otf2Contents first, then importOtf2 for MPI events or importOtf2Runs for collector
// runs. libotf2 reads the files; what is fuzzed is what Xylem makes of what it reads.

#include "core/otf2/otf2import.h"
#include "core/otf2/otf2importruns.h"
#include "tests/fuzz/archivepack.h"
#include "tests/fuzz/fuzzcheck.h"

using namespace xylem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    fuzz::TempPath folder(".otf2");
    std::filesystem::create_directories(folder.path());
    if (fuzz::unpackArchive(std::span<const std::uint8_t>(data, size), folder.path()) == 0) {
        return 0;
    }
    const std::string anchor = (folder.path() / "traces.otf2").string();
    auto contents = otf2::otf2Contents(anchor);
    if (!contents) {
        fuzz::require(!contents.error().message.empty(), "a refused archive says why");
        return 0;
    }
    if (contents.value() == otf2::Otf2Contents::Mpi) {
        auto trace = otf2::importOtf2(anchor);
        fuzz::require(trace.ok() || !trace.error().message.empty(), "a refused archive says why");
    } else {
        auto runs = otf2::importOtf2Runs(anchor);
        fuzz::require(runs.ok() || !runs.error().message.empty(), "a refused archive says why");
    }
    return 0;
}
