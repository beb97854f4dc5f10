#pragma once

// The records node-side monitors send up the tree (core/protocol/gatherrecords.h: one per
// collector, its newest state), read at the front-end, and the monitors' results as stored with
// a run (the statistics states as the monitor's own JSON, livemonitors.h).

#include "core/analysis/lastarrivaltally.h"
#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/protocol/gatherrecords.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace xylem::live {

// LastArrivalMonitor records (a batch's bytes): each gred's counts replace the tally's.
Result<Ok> applyLastArrivalRecords(std::span<const std::uint8_t> bytes, const Configuration& config,
                                   LastArrivalTally& tally);
// StatisticsMonitor records: the newest state per host, as the monitor's JSON (what is stored).
Result<Ok> collectStatisticsRecords(std::span<const std::uint8_t> bytes,
                                    std::map<std::string, std::string>& byHost);
// A statistics state as StatisticsMonitor::result() writes it.
std::string statisticsStateJson(const protocol::StatisticsState& state);

std::string monitorResultsToJson(
    const Configuration& config,
    const std::vector<std::pair<std::string, const LastArrivalTally*>>& loadBalance,
    const std::map<std::string, std::string>& statistics);

} // namespace xylem::live
