#pragma once

// A recording's accounting as stored with its run (cached result "scope-accounting", version
// kAccountingVersion): tuples, waves, rates, losses, delay, system samples, the slowdown, the
// gather tree's nodes that stopped answering (live::NodeTrouble) and every collector's last
// counts; and the episodes read back (xylem-cli info, the GUI).

#include "core/live/liverecorder.h"

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace xylem::record {

// The stored accounting's version: 2 names lost and slow nodes (1 listed lost node indices).
inline constexpr int kAccountingVersion = 2;

std::string accountingJson(const live::ScopeAccounting& accounting);

// The episodes of a stored accounting (both lists, in time order); empty for version 1.
std::vector<live::NodeTrouble> troublesFromJson(const nlohmann::json& accounting);

} // namespace xylem::record
