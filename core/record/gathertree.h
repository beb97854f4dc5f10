#pragma once

// The gather tree of a recording: started over the plan's hosts (collectors started here with a
// ring prefix per host, relays where needed, other machines through the launcher), or joined by
// collectors someone else starts (attached), whose arrival the recording waits for.

#include "core/record/recordplan.h"
#include "core/record/stopflag.h"
#include "core/tree/frontend.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace xylem::record {

inline constexpr std::chrono::seconds kRecordStartTimeout{30}; // for the hosts and the nodes

// log: the front-end's log lines (strangers refused, tree::kStrangerLogPrefix), called from
// the tree's I/O thread; it must outlive the tree. Empty: not logged.
Result<std::unique_ptr<tree::FrontEnd>>
startGatherTree(const RecordPlan& plan, const std::string& ringBase, const std::string& listen,
                std::function<void(const std::string&)> log);

// Attached collectors come when their owners start them: waits for every leaf to join, else
// names the missing ones and what their owners must run. A stop request ends the wait with an
// error.
Result<Ok> awaitAttachedLeaves(tree::FrontEnd& tree, const std::string& addressFile,
                               std::chrono::seconds timeout, const StopFlag& stop);

// "2 of its nodes (n3:0, n4:0)": the nodes of a tree that did not come up, by name.
std::string nodeNames(const gather::Topology& topology, const std::vector<std::uint32_t>& nodes);

} // namespace xylem::record
