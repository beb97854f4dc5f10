#pragma once

// The gather tree of `xylem-cli record`: started over the plan's hosts (collectors started here
// with a ring prefix per host, relays where needed, other machines through the launcher), or
// joined by collectors someone else starts (--attach), whose arrival record waits for.

#include "app/cli/recordsetup.h"
#include "app/cli/refusallog.h"
#include "core/tree/frontend.h"

#include <chrono>
#include <memory>
#include <string>

namespace xylem::cli {

inline constexpr std::chrono::seconds kRecordStartTimeout{30}; // for the hosts and the nodes

// Strangers on the tree's port are told to `refusals`, which must outlive the tree.
Result<std::unique_ptr<tree::FrontEnd>>
startGatherTree(const RecordPlan& plan, const std::string& ringBase, const std::string& listen,
                RefusalLog& refusals);

// Attached collectors come when their owners start them: waits for every leaf to join, else
// names the missing ones and what their owners must run.
Result<Ok> awaitAttachedLeaves(tree::FrontEnd& tree, const std::string& addressFile,
                               std::chrono::seconds timeout);

} // namespace xylem::cli
