#pragma once

// What `xylem-cli record` and `xylem-cli info` say of the gather tree's nodes that stopped
// answering (live::NodeTrouble): a few words for the live status line and a line per episode
// for the summary and for info. The lists kept in the run's stored accounting
// ("scope-accounting", version kAccountingVersion) are core/record/accountingjson.h's.

#include "core/live/liverecorder.h"
#include "core/record/accountingjson.h"

#include <string>
#include <vector>

namespace xylem::cli {

using record::kAccountingVersion;
using record::troublesFromJson;

// "1 lost (h2 at 5.2 s)", "0 lost, 1 slow (h1 since 3.1 s)".
std::string troublesStatus(const live::ScopeAccounting& accounting);

// One line per episode, in order, and one for the episodes not listed:
//   lost collector h2 (node 3) at 5.2 s: h2:0: the peer closed the connection; its last
//     counts: 1200 written, 1200 read, 0 overwritten (what its program recorded after is not
//     counted)
//   slow collector h1 (node 2) from 3.1 s to 9.8 s: h1:0: no answer for 2.0 s ...; h1:0:
//     answering again after ...
std::vector<std::string> troubleLines(const std::vector<live::NodeTrouble>& troubles,
                                      std::uint64_t notListed);

} // namespace xylem::cli
