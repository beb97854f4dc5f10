#pragma once

// What a recording prepares before anything runs: the configuration of the monitored allreduce
// (given or generated), the event scope, the gather tree over the configuration's hosts (a
// collector per host; relays where a node would get more than eight children), and the limits
// of the run (iterations or a duration). Made from a RecordRequest, checked, nothing started.

#include "core/gather/topology.h"
#include "core/live/eventscope.h"
#include "core/live/scopedesign.h"
#include "core/model/configuration.h"
#include "core/record/recordrequest.h"

#include <chrono>
#include <optional>

namespace xylem::record {

struct RecordPlan
{
    Configuration config;
    live::EventScope scope;
    gather::Topology topology;
    std::int64_t iterations = 0;                       // calls per thread
    std::optional<std::chrono::milliseconds> duration; // stop the program after this long
    std::string attachFile; // collectors started elsewhere join through this address file
    // A design (designFile, or a scopeFile naming a xylem-scope-design/1 file): the scope and
    // the tree come from the design, and the file is watched for changes to redeploy while
    // recording.
    std::optional<live::ScopeDesign> design;
    std::string designFile;
    std::string designText; // the file's content as read
    // hostFile: the hosts are machines, and those that are not this one are started through
    // the launcher. With hosts or configFile the hosts are names simulated on this machine: no
    // launcher.
    std::string launcher;
    std::vector<std::string> remoteHosts; // hosts of the configuration that are other machines
    WorkloadRequest workload;             // the program the session starts (not attached)
};

// The generated tree's spec over a host file's hosts (core/tree/hostfile.h): its clusters, and
// as many threads per host as it gives slots unless tree.threads says otherwise.
Result<TreeSpec> treeSpecFromHostFile(const TreeRequest& tree);

Result<RecordPlan> planRecording(const RecordRequest& request);

} // namespace xylem::record
