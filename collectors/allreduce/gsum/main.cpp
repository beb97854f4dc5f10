// xylem-gsum: the gsum and compute-gsum benchmarks of the papers on Xylem's allreduce runtime.
//   launch  a cluster: one process per host of the configuration, on this machine or through a
//           launcher (ssh {host} {command})
//   run     one host of a cluster (what launch starts; by hand across machines or namespaces)

#include "collectors/allreduce/gsum/gsumcommandline.h"
#include "collectors/allreduce/gsum/hostcommand.h"
#include "collectors/allreduce/gsum/launchcommand.h"
#include "collectors/nodelog/nodelog.h"
#include "core/model/freedmemory.h"
#include "core/model/lifeline.h"

#include <optional>

#include "xylem/version.h"

using namespace xylem;
using namespace xylem::allreduce;

int main(int argc, char** argv)
{
    xylem::returnFreedMemoryToSystem();
    const std::optional<int> lifeline = inheritedLifeline(); // first: it edits the environment
    auto parsed = parseGsumCommandLine(argc, argv, xylem::kVersion);
    if (const int* exit = std::get_if<int>(&parsed)) {
        return *exit;
    }
    const GsumOptions& options = std::get<GsumOptions>(parsed);
    nodelog::configure({nodelog::thresholdOf(options.has("verbose"), options.has("quiet")),
                        nodelog::styleOfStderr()});
    return options.command == "run" ? runCommand(options, lifeline)
                                    : launchCommand(options, lifeline);
}
