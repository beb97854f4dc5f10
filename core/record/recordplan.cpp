#include "core/record/recordplan.h"

#include "core/live/scopedeploy.h"
#include "core/live/scopedesignjson.h"
#include "core/model/configurationjson.h"
#include "core/model/launchertemplate.h"
#include "core/model/textfile.h"
#include "core/tree/hostfile.h"
#include "core/tree/spawner.h"

namespace xylem::record {

namespace {

constexpr int kMaxThreads = 1 << 20;
constexpr int kMaxIterations = 1 << 30;

// Threads, shape, arity, root and name over hosts already in the spec. (xylem-cli's parser has
// checked the ranges already; a request made elsewhere is checked here.)
Result<TreeSpec> withShape(const TreeRequest& tree, TreeSpec spec)
{
    if (tree.threads && (*tree.threads < 1 || *tree.threads > kMaxThreads)) {
        return makeError(ErrorCode::InvalidArgument, "threads per host are 1 to " +
                                                         std::to_string(kMaxThreads) + ", not " +
                                                         std::to_string(*tree.threads));
    }
    if (tree.arity < 2 || tree.arity > kMaxThreads) {
        return makeError(ErrorCode::InvalidArgument, "a kary tree's arity is 2 to " +
                                                         std::to_string(kMaxThreads) + ", not " +
                                                         std::to_string(tree.arity));
    }
    spec.threadsPerHost = tree.threads.value_or(1);
    spec.arity = tree.arity;
    spec.shape = tree.shape;
    spec.root = tree.root;
    spec.name = tree.name;
    return spec;
}

Result<TreeSpec> treeSpecFromHosts(const TreeRequest& tree)
{
    TreeSpec spec;
    XYLEM_TRY(hostList, parseHostList(*tree.hosts));
    spec.hosts = std::move(hostList).value();
    return withShape(tree, std::move(spec));
}

Result<Configuration> configurationFrom(const TreeRequest& tree)
{
    if (tree.hostFile && (tree.configFile || tree.hosts)) {
        return makeError(ErrorCode::InvalidArgument,
                         "--hostfile names the hosts itself: give it without --hosts and --config");
    }
    if (tree.configFile.has_value() == (tree.hosts || tree.hostFile)) {
        return makeError(
            ErrorCode::InvalidArgument,
            "give the allreduce either --config F.tree.json, --hosts H or --hostfile F");
    }
    if (tree.configFile) {
        return readConfigurationFile(*tree.configFile);
    }
    XYLEM_TRY(spec, tree.hostFile ? treeSpecFromHostFile(tree) : treeSpecFromHosts(tree));
    return generateTree(spec.value());
}

// The launcher of a host file's other machines; refused without a host file, where hosts are
// names simulated on this machine.
Result<Ok> chooseLauncher(const RecordRequest& request, RecordPlan& plan)
{
    if (!request.tree.hostFile) {
        if (request.launcher) {
            return makeError(ErrorCode::InvalidArgument,
                             "--launcher starts the hosts of a --hostfile; the hosts of --hosts "
                             "and --config run on this machine");
        }
        return Ok{};
    }
    const std::string launcher = request.launcher.value_or(kDefaultLauncher);
    if (auto ok = tree::checkLauncherTemplate(launcher); !ok) {
        return makeError(ErrorCode::InvalidArgument, "--launcher " + ok.error().message);
    }
    plan.launcher = launcher;
    for (const Host& h : plan.config.hosts()) {
        if (!tree::Spawner::isLocal(h.id)) {
            plan.remoteHosts.push_back(h.id);
        }
    }
    return Ok{};
}

// A collector per host of the configuration; relays once a node would have over 8 children.
Result<gather::Topology> gatherTreeOver(const Configuration& config)
{
    gather::TopologySpec spec;
    spec.shape = gather::TopologyShape::Hierarchy;
    spec.fanout = 8;
    for (const Host& h : config.hosts()) {
        spec.hosts.push_back(h.id);
        spec.clusters.push_back(h.cluster);
    }
    return gather::generateTopology(spec);
}

// The design's tree and scope replace the generated ones; it must have a collector on every
// host of the configuration (those are where the program records).
Result<Ok> useDesign(RecordPlan& plan, const std::string& path, const std::string& text)
{
    auto design = live::designFromJson(text);
    if (!design) {
        Error e = design.error();
        e.where = path + (e.where.empty() ? "" : ": " + e.where);
        return e;
    }
    XYLEM_TRY(deploy, live::planDeployment(design.value()));
    for (const Host& h : plan.config.hosts()) {
        if (!deploy->collectorOfHost.count(h.id)) {
            return makeError(ErrorCode::InvalidArgument,
                             "the design has no collector on host " + h.id +
                                 ", where the program records",
                             path);
        }
    }
    plan.scope = deploy->scope;
    plan.topology = deploy->topology;
    plan.design = std::move(design).value();
    plan.designFile = path;
    plan.designText = text;
    return Ok{};
}

// The run's limits: a duration, iterations (unbounded with a duration), and what attaching
// leaves out.
Result<Ok> chooseLimits(const RecordRequest& request, RecordPlan& plan)
{
    plan.duration = request.duration;
    if (plan.duration && plan.duration->count() <= 0) {
        return makeError(ErrorCode::InvalidArgument, "a duration is positive");
    }
    const WorkloadRequest& w = request.workload;
    if (request.attachFile) {
        plan.attachFile = *request.attachFile;
        if (!plan.duration || w.baseline || w.iterations || !w.noise.empty()) {
            return makeError(
                ErrorCode::InvalidArgument,
                "--attach records a program started elsewhere for a --duration; "
                "--iterations, --noise and --baseline are for the program record starts");
        }
    }
    XYLEM_TRY(launcher, chooseLauncher(request, plan));
    plan.iterations = w.iterations.value_or(plan.duration ? kMaxIterations : 20000);
    if (plan.iterations < 1 || plan.iterations > kMaxIterations) {
        return makeError(ErrorCode::InvalidArgument, "iterations are 1 to " +
                                                         std::to_string(kMaxIterations) + ", not " +
                                                         std::to_string(plan.iterations));
    }
    return Ok{};
}

} // namespace

Result<TreeSpec> treeSpecFromHostFile(const TreeRequest& tree)
{
    XYLEM_TRY(entries, tree::readHostFile(*tree.hostFile));
    TreeSpec spec;
    for (const tree::HostEntry& e : entries.value()) {
        spec.hosts.push_back(Host{e.host, e.cluster.empty() ? "c0" : e.cluster});
        spec.threadsOfHost.push_back(e.slots);
    }
    if (tree.threads) {
        spec.threadsOfHost.clear(); // the threads for every host instead of the slots
    }
    return withShape(tree, std::move(spec));
}

Result<RecordPlan> planRecording(const RecordRequest& request)
{
    XYLEM_TRY(config, configurationFrom(request.tree));
    live::EventScope scope;
    if (request.scopeFile && request.designFile) {
        return makeError(ErrorCode::InvalidArgument, "give either --scope or --design, not both");
    }
    const std::string scopePath =
        request.designFile.value_or(request.scopeFile.value_or(std::string()));
    XYLEM_TRY(scopeText,
              scopePath.empty() ? Result<std::string>(std::string{}) : readTextFile(scopePath));
    if (!scopePath.empty() && !live::isDesignJson(scopeText.value())) {
        XYLEM_TRY(read, live::readScopeFile(scopePath));
        scope = read.value();
    }
    XYLEM_TRY(topology, gatherTreeOver(config.value()));
    RecordPlan plan{std::move(config).value(), scope, std::move(topology).value(), 0, {}};
    if (!scopePath.empty() && live::isDesignJson(scopeText.value())) {
        XYLEM_TRY(designed, useDesign(plan, scopePath, scopeText.value()));
    }
    XYLEM_TRY(limited, chooseLimits(request, plan));
    plan.workload = request.workload;
    return plan;
}

} // namespace xylem::record
