#include "app/cli/recordsetup.h"

#include "app/cli/siblingprogram.h"
#include "core/live/scopedeploy.h"
#include "core/live/scopedesignjson.h"
#include "core/model/configurationjson.h"
#include "core/model/textfile.h"
#include "core/tree/hostfile.h"
#include "core/tree/launchcheck.h"
#include "core/tree/spawner.h"

#include <charconv>
#include <map>
#include <set>

namespace xylem::cli {

namespace {

// --threads/--shape/--arity/--root/--name over hosts already in the spec.
Result<TreeSpec> withShapeOptions(const Arguments& a, TreeSpec spec)
{
    auto threads = a.integer("threads", 1, 1, 1 << 20);
    auto arity = a.integer("arity", 2, 2, 1 << 20);
    auto shape = a.oneOr("shape", "hierarchy");
    auto root = a.oneOr("root", "core");
    auto name = a.oneOr("name", "");
    for (const Error* e : {threads ? nullptr : &threads.error(), arity ? nullptr : &arity.error(),
                           shape ? nullptr : &shape.error(), root ? nullptr : &root.error(),
                           name ? nullptr : &name.error()}) {
        if (e) {
            return *e;
        }
    }
    const auto treeShape = treeShapeFromString(shape.value());
    if (!treeShape) {
        return makeError(ErrorCode::InvalidArgument, "unknown shape '" + shape.value() + "'");
    }
    if (root.value() != "core" && root.value() != "gred") {
        return makeError(ErrorCode::InvalidArgument,
                         "--root is core or gred, not '" + root.value() + "'");
    }
    spec.threadsPerHost = threads.value();
    spec.arity = arity.value();
    spec.shape = *treeShape;
    spec.root = root.value() == "core" ? RootKind::Core : RootKind::Gred;
    spec.name = name.value();
    return spec;
}

} // namespace

std::vector<OptionSpec> treeShapeOptions()
{
    return {
        valueOption("threads", "threads per host", "1, or a host file's slots",
                    integerIn(1, 1 << 20), "T"),
        valueOption("shape", "the shape of the allreduce tree", "hierarchy",
                    oneOf({"flat", "kary", "binomial", "hierarchy"})),
        valueOption("arity", "children per node of a kary tree", "2", integerIn(2, 1 << 20), "K"),
        valueOption("root", "what the tree's root is", "core", oneOf({"core", "gred"}))};
}

Result<TreeSpec> treeSpecFromArguments(const Arguments& a)
{
    TreeSpec spec;
    XYLEM_TRY(hosts, a.one("hosts"));
    XYLEM_TRY(hostList, parseHostList(hosts.value()));
    spec.hosts = std::move(hostList).value();
    return withShapeOptions(a, std::move(spec));
}

Result<TreeSpec> treeSpecFromHostFile(const Arguments& a)
{
    XYLEM_TRY(path, a.one("hostfile"));
    XYLEM_TRY(entries, tree::readHostFile(path.value()));
    TreeSpec spec;
    for (const tree::HostEntry& e : entries.value()) {
        spec.hosts.push_back(Host{e.host, e.cluster.empty() ? "c0" : e.cluster});
        spec.threadsOfHost.push_back(e.slots);
    }
    if (a.has("threads")) {
        spec.threadsOfHost.clear(); // --threads for every host instead of the slots
    }
    return withShapeOptions(a, std::move(spec));
}

Result<std::chrono::milliseconds> parseDuration(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [rest, ec] = std::from_chars(text.data(), end, value);
    const std::string unit(rest, end);
    const double scale = unit == "ms"                  ? 1
                         : unit == "s" || unit.empty() ? 1e3
                         : unit == "m"                 ? 6e4
                                                       : -1;
    if (ec != std::errc() || scale < 0 || value <= 0 || value * scale > 864e5) {
        return makeError(ErrorCode::InvalidArgument,
                         "a duration is a positive number with ms, s or m, up to a day, not '" +
                             text + "'");
    }
    return std::chrono::milliseconds(static_cast<std::int64_t>(value * scale));
}

namespace {

Result<Configuration> configurationFrom(const Arguments& a)
{
    if (a.has("hostfile") && (a.has("config") || a.has("hosts"))) {
        return makeError(ErrorCode::InvalidArgument,
                         "--hostfile names the hosts itself: give it without --hosts and --config");
    }
    if (a.has("config") == (a.has("hosts") || a.has("hostfile"))) {
        return makeError(
            ErrorCode::InvalidArgument,
            "give the allreduce either --config F.tree.json, --hosts H or --hostfile F");
    }
    if (a.has("config")) {
        XYLEM_TRY(path, a.one("config"));
        return readConfigurationFile(path.value());
    }
    XYLEM_TRY(spec, a.has("hostfile") ? treeSpecFromHostFile(a) : treeSpecFromArguments(a));
    return generateTree(spec.value());
}

// The launcher of a host file's other machines; refused without --hostfile, where hosts are
// names simulated on this machine.
Result<Ok> chooseLauncher(const Arguments& a, RecordPlan& plan)
{
    if (!a.has("hostfile")) {
        if (a.has("launcher")) {
            return makeError(ErrorCode::InvalidArgument,
                             "--launcher starts the hosts of a --hostfile; the hosts of --hosts "
                             "and --config run on this machine");
        }
        return Ok{};
    }
    XYLEM_TRY(launcher, a.oneOr("launcher", kDefaultLauncher));
    if (auto ok = tree::checkLauncherTemplate(launcher.value()); !ok) {
        return makeError(ErrorCode::InvalidArgument, "--launcher " + ok.error().message);
    }
    plan.launcher = launcher.value();
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

} // namespace

Result<RecordPlan> planRecording(const Arguments& a)
{
    XYLEM_TRY(config, configurationFrom(a));
    live::EventScope scope;
    if (a.has("scope") && a.has("design")) {
        return makeError(ErrorCode::InvalidArgument, "give either --scope or --design, not both");
    }
    XYLEM_TRY(scopePath, a.oneOr(a.has("design") ? "design" : "scope", ""));
    XYLEM_TRY(scopeText, scopePath->empty() ? Result<std::string>(std::string{})
                                            : readTextFile(scopePath.value()));
    if (!scopePath->empty() && !live::isDesignJson(scopeText.value())) {
        XYLEM_TRY(read, live::readScopeFile(scopePath.value()));
        scope = read.value();
    }
    XYLEM_TRY(topology, gatherTreeOver(config.value()));
    RecordPlan plan{std::move(config).value(), scope, std::move(topology).value(), 0, {}};
    if (!scopePath->empty() && live::isDesignJson(scopeText.value())) {
        XYLEM_TRY(designed, useDesign(plan, scopePath.value(), scopeText.value()));
    }
    if (a.has("duration")) {
        XYLEM_TRY(text, a.one("duration"));
        XYLEM_TRY(duration, parseDuration(text.value()));
        plan.duration = duration.value();
    }
    if (a.has("attach")) {
        XYLEM_TRY(file, a.one("attach"));
        plan.attachFile = file.value();
        if (!plan.duration || a.has("baseline") || a.has("iterations") || a.has("noise")) {
            return makeError(
                ErrorCode::InvalidArgument,
                "--attach records a program started elsewhere for a --duration; "
                "--iterations, --noise and --baseline are for the program record starts");
        }
    }
    XYLEM_TRY(launcher, chooseLauncher(a, plan));
    XYLEM_TRY(iterations, a.integer("iterations", plan.duration ? 1 << 30 : 20000, 1, 1 << 30));
    plan.iterations = iterations.value();
    return plan;
}

namespace {

// What the front-end itself starts through the launcher on other machines: its relays (each
// starts the collector beside it) and, unless they attach, its leaves. Deeper nodes are started
// by their relays, from hosts that may reach machines this one cannot (a cluster's compute
// nodes behind its head node); a failure there is a node that did not join, named as such.
// Unless someone else starts it (--attach), the program runs on every remote host: xylem-gsum
// must be there too (the launch itself starts it through the same launcher).
std::map<std::string, std::set<std::string>> programsOnRemoteHosts(const RecordPlan& plan,
                                                                   const std::string& relay,
                                                                   const std::string& collector,
                                                                   const std::string& gsum)
{
    std::map<std::string, std::set<std::string>> programs;
    if (plan.attachFile.empty()) {
        for (const std::string& host : plan.remoteHosts) {
            programs[host].insert(gsum);
        }
    }
    for (const std::uint32_t child : plan.topology.nodes[0].children) {
        const gather::TopologyNode& n = plan.topology.nodes[child];
        if (tree::Spawner::isLocal(n.host)) {
            continue;
        }
        if (n.role == gather::NodeRole::Relay) {
            programs[n.host].insert({relay, collector});
        } else if (plan.attachFile.empty()) {
            programs[n.host].insert(collector);
        }
    }
    return programs;
}

} // namespace

Result<Ok> checkRemoteHosts(const RecordPlan& plan, std::chrono::milliseconds timeout)
{
    if (plan.remoteHosts.empty()) {
        return Ok{};
    }
    XYLEM_TRY(relay, findSiblingProgram("xylem-relay"));
    XYLEM_TRY(collector, findSiblingProgram("xylem-collector"));
    XYLEM_TRY(gsum, findSiblingProgram("xylem-gsum"));
    std::vector<tree::LaunchCheck> checks;
    for (const auto& [host, programs] :
         programsOnRemoteHosts(plan, relay.value(), collector.value(), gsum.value())) {
        checks.push_back(tree::LaunchCheck{host, {programs.begin(), programs.end()}});
    }
    XYLEM_TRY(reached, tree::checkLaunches(plan.launcher, checks, timeout));
    return Ok{};
}

std::string nodeNames(const gather::Topology& topology, const std::vector<std::uint32_t>& nodes)
{
    std::string names;
    for (const std::uint32_t node : nodes) {
        names += (names.empty() ? "" : ", ") + topology.nodes[node].name();
    }
    return std::to_string(nodes.size()) + " of its nodes (" + names + ")";
}

} // namespace xylem::cli
