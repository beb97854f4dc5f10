#pragma once

// The run over time as JSON, for `xylem-cli analyze --json`: "over_time" (the series of
// overtime.h) and "periodic_outliers" (periodicity.h). Wrappers by id; times in ns; a bucket
// without calls has null means and a null culprit.
//
// "over_time": { origin_ns, bucket_ns, buckets, calls: [n per bucket],
//                culprit: [ {thread, last_at_root, share} per bucket ],
//                path_thread, stages: [ {stage, wrapper, direction, mean_ns: [...]} ],
//                threads: { T: {mean_ns: [...], max_ns: [...]} } }
// "periodic_outliers": { periodic, median_ns, slow_threshold_ns, slow_calls, strikes,
//                        period_ns, phase_ns, tolerance_ns, strength, false_alarm,
//                        matched_strikes, teeth, hits, matched_calls, mean_extra_ns,
//                        victim, victim_share }   (the pattern's fields null when not periodic)

#include "core/analysis/overtimeanalysis.h"
#include "core/model/configuration.h"

#include <nlohmann/json.hpp>

namespace xylem {

nlohmann::ordered_json overTimeToJson(const Configuration& config, const OverTime& series);
nlohmann::ordered_json periodicOutliersToJson(const Configuration& config,
                                              const PeriodicOutliers& periodic);
// Adds both keys to an object (the analysis report's).
void addOverTimeJson(nlohmann::ordered_json& report, const Configuration& config,
                     const OverTimeAnalysis& analysis);

} // namespace xylem
