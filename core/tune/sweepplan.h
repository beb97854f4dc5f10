#pragma once

// What a sweep measures: one trial (trial.h) per configuration, either of a list of tree files
// or of a family generated over one host list — shapes × arities (k-ary only) × root kinds ×
// message sizes (xylem-gsum --elements). Each entry gets a readable label, the run's name in
// the session ("kary:4 elements=1024", "flat root=gred"), unique within the sweep. Made before
// anything runs, so that bad input is refused with a message naming it and nothing recorded.

#include "core/model/treegenerator.h"
#include "core/record/recordrequest.h"
#include "core/tune/trial.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem::tune {

// A sweep has at most this many trials: a typo in a list must not start hours of recording.
inline constexpr size_t kMaxSweepTrials = 256;

struct SweepFamily
{
    std::vector<Host> hosts;
    int threadsPerHost = 1;
    std::vector<TreeShape> shapes;
    std::vector<int> arities{2}; // of k-ary trees; the other shapes take one entry whatever this is
    std::vector<RootKind> roots{RootKind::Core};
    std::vector<int> elements; // empty: the benchmark's own message size, not in the labels
};

// Every trial records into base's session with base's workload and scope; clusterLink goes to
// each (trial.h). An empty family or list, more than kMaxSweepTrials, or a tree the generator
// refuses is an error naming it.
Result<std::vector<TrialSpec>> planFamily(const SweepFamily& family,
                                          const record::RecordRequest& base,
                                          const std::string& clusterLink = {});
// Tree files (xylem-tree/1), each labelled by its file name without ".tree.json"/".json".
Result<std::vector<TrialSpec>> planConfigFiles(const std::vector<std::string>& files,
                                               const std::vector<int>& elements,
                                               const record::RecordRequest& base,
                                               const std::string& clusterLink = {});

// The lists as the command line gives them ("flat,kary"; "2,4"; "core,gred"): each item is
// checked, an unknown or empty one named with the option.
Result<std::vector<TreeShape>> parseShapes(std::string_view text);
Result<std::vector<RootKind>> parseRoots(std::string_view text);
Result<std::vector<int>> parseIntegers(std::string_view text, std::string_view option, int min,
                                       int max);
std::vector<std::string> splitList(std::string_view text);

} // namespace xylem::tune
