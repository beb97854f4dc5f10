#pragma once

// `xylem-gsum run|launch --adapt TREE.json[,TREE.json...] [--adapt-block B] [--adapt-rounds R]`
// read and checked (adaptiveruntime.h runs it): the candidates besides the start configuration,
// each one refused before anything starts when it cannot take the start's place (a named
// error, exit 2), and --noise and --wan names checked against the candidates together (a
// --wan link on a proxy only one candidate has is how a test plants a slow tree).

#include "collectors/allreduce/adaptiveruntime.h"
#include "collectors/allreduce/gsum/gsumoptions.h"

#include <optional>

namespace xylem::allreduce {

struct AdaptPlan
{
    std::vector<AdaptCandidate> candidates; // the start configuration first
    AdaptOptions options;
};

// nullopt without --adapt. The start configuration is named by its own name (xylem-tree/1's
// "name"), the others by their files as given.
Result<std::optional<AdaptPlan>> adaptPlan(const GsumOptions& options, const Configuration& start,
                                           const BenchmarkSpec& spec,
                                           const std::map<std::string, LinkEmulation>& wan);

// The record's lines at the end of a host's run: its words (describeGsumAdapt) and each trial
// block, "gsum adapt: ..." on stdout, where a launch forwards them as the host's.
void printAdaptRecord(const AdaptiveRuntime& runtime);

} // namespace xylem::allreduce
