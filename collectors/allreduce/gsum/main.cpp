// xylem-gsum: the gsum and compute-gsum benchmarks of the papers on Xylem's allreduce runtime.
//   launch  a cluster: one process per host of the configuration, on this machine or through a
//           launcher (ssh {host} {command})
//   run     one host of a cluster (what launch starts; by hand across machines or namespaces)

#include "collectors/allreduce/gsum/gsumoptions.h"
#include "collectors/allreduce/gsum/hostcommand.h"
#include "collectors/allreduce/gsum/launchcommand.h"
#include "core/model/lifeline.h"

#include <cstdio>
#include <optional>

using namespace xylem;
using namespace xylem::allreduce;

int main(int argc, char** argv)
{
    const std::optional<int> lifeline = inheritedLifeline(); // first: it edits the environment
    auto options = parseGsumOptions(argc, argv);
    if (!options) {
        std::fprintf(stderr, "xylem-gsum: %s\n%s", options.error().describe().c_str(), kGsumUsage);
        return 2;
    }
    return options->command == "run" ? runCommand(options.value(), lifeline)
                                     : launchCommand(options.value(), lifeline);
}
