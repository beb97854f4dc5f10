#pragma once

// The JSON lines node-side monitors send up the tree (livemonitors.h: one line per collector,
// its newest state), read at the front-end, and the monitors' results as stored with a run.

#include "core/analysis/lastarrivaltally.h"
#include "core/model/configuration.h"
#include "core/model/result.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace xylem::live {

// LastArrivalMonitor lines: each gred's counts replace the tally's.
Result<Ok> applyLastArrivalLines(const std::string& text, const Configuration& config,
                                 LastArrivalTally& tally);
// StatisticsMonitor lines: the newest state per host.
Result<Ok> collectStatisticsLines(const std::string& text,
                                  std::map<std::string, std::string>& byHost);

std::string monitorResultsToJson(
    const Configuration& config,
    const std::vector<std::pair<std::string, const LastArrivalTally*>>& loadBalance,
    const std::map<std::string, std::string>& statistics);

} // namespace xylem::live
