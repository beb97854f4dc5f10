#pragma once

// The runs exportOtf2 wrote as collector regions, back as they were: each run's tree from its
// location groups' property, its tuples from the attributes of its regions' Enters
// (otf2tuples.h), so that a run without MPI data survives a trip through OTF2 (the regions
// themselves may be clipped for Vampir; the attributes are not).

#include "core/model/result.h"
#include "core/model/run.h"

#include <string>
#include <vector>

namespace xylem::otf2 {

// What an archive holds: MPI ranks (a Score-P trace, or exportOtf2 of MPI data: importOtf2),
// or only the collector regions of runs (importOtf2Runs). An archive with neither is an error
// that says so, and so is one whose collector regions were exported without their trees.
enum class Otf2Contents
{
    Mpi,
    CollectorRuns,
};
Result<Otf2Contents> otf2Contents(const std::string& anchor);

// The runs in "run K" order, tuples in (seq, collector) order; errors name the archive, the
// run and the collector.
Result<std::vector<Run>> importOtf2Runs(const std::string& anchor);

} // namespace xylem::otf2
