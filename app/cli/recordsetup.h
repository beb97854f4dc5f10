#pragma once

// What `xylem-cli record` prepares before anything runs: the configuration of the monitored
// allreduce (given or generated), the event scope, the gather tree over the configuration's
// hosts (a collector per host; relays where a node would get more than eight children), and
// the limits of the run (iterations or a duration).

#include "app/cli/arguments.h"
#include "app/cli/optionspec.h"
#include "core/gather/topology.h"
#include "core/live/eventscope.h"
#include "core/live/scopedesign.h"
#include "core/model/configuration.h"
#include "core/model/launchertemplate.h"
#include "core/model/treegenerator.h"

#include <chrono>
#include <optional>

namespace xylem::cli {

struct RecordPlan
{
    Configuration config;
    live::EventScope scope;
    gather::Topology topology;
    std::int64_t iterations = 0;                       // calls per thread
    std::optional<std::chrono::milliseconds> duration; // stop the program after this long
    std::string attachFile; // collectors started elsewhere join through this address file
    // --design F (or --scope F naming a xylem-scope-design/1 file): the scope and the tree come
    // from the design, and the file is watched for changes to redeploy while recording.
    std::optional<live::ScopeDesign> design;
    std::string designFile;
    std::string designText; // the file's content as read
    // --hostfile: the hosts are machines, and those that are not this one are started through
    // the launcher ("ssh {host} {command}" unless --launcher says otherwise). With --hosts or
    // --config the hosts are names simulated on this machine: no launcher.
    std::string launcher;
    std::vector<std::string> remoteHosts; // hosts of the configuration that are other machines
};

// The options of a generated tree, as generate and record describe them: --threads, --shape,
// --arity, --root (not --hosts, which each says in its own words).
std::vector<OptionSpec> treeShapeOptions();
// --hosts/--threads/--shape/--arity/--root/--name as `xylem-cli generate` takes them.
Result<TreeSpec> treeSpecFromArguments(const Arguments& a);
// The same over a host file's hosts (core/tree/hostfile.h): its clusters, and as many threads
// per host as it gives slots unless --threads says otherwise.
Result<TreeSpec> treeSpecFromHostFile(const Arguments& a);

// "500ms", "10s", "2m" or a number of seconds.
Result<std::chrono::milliseconds> parseDuration(const std::string& text);
Result<RecordPlan> planRecording(const Arguments& a);

// The host file's other machines, before anything is made: each one the front-end itself starts
// a node on is reached once through the launcher (core/tree/launchcheck.h: an unreachable host
// or a missing program — relay, collector, and xylem-gsum unless the program is started by
// someone else (--attach) — is named with the launcher's own words within `timeout`).
Result<Ok> checkRemoteHosts(const RecordPlan& plan, std::chrono::milliseconds timeout);

// "2 of its nodes (n3:0, n4:0)": the nodes of a tree that did not come up, by name.
std::string nodeNames(const gather::Topology& topology, const std::vector<std::uint32_t>& nodes);

} // namespace xylem::cli
