#include "collectors/allreduce/gsum/launchcommand.h"

#include "collectors/allreduce/gsum/adaptoption.h"
#include "collectors/allreduce/gsum/launcher.h"
#include "collectors/allreduce/gsum/launchertemplate.h"
#include "collectors/allreduce/gsum/stdiolauncher.h"
#include "collectors/allreduce/gsum/ringharvest.h"
#include "collectors/allreduce/hostruntime.h"
#include "core/model/configurationjson.h"
#include "core/model/lifeline.h"
#include "core/model/textreplace.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"
#include "core/model/tupleclock.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <unistd.h>
#include <vector>

namespace xylem::allreduce {

namespace {

std::string randomToken()
{
    std::random_device device;
    char hex[33];
    for (int i = 0; i < 32; i += 8) {
        std::snprintf(hex + i, 9, "%08x", device());
    }
    return hex;
}

Result<Configuration> configurationFrom(const GsumOptions& o)
{
    if (o.has("config")) {
        return readConfigurationOption(o);
    }
    auto hosts = parseHostList(o.get("hosts", "2"));
    if (!hosts) {
        return hosts.error();
    }
    const auto threads = o.number("threads", 2, 1, 1024);
    const auto arity = o.number("arity", 2, 1, 1024);
    if (!threads || !arity) {
        return !threads ? threads.error() : arity.error();
    }
    TreeSpec spec{"gsum",
                  hosts.value(),
                  static_cast<int>(threads.value()),
                  TreeShape::HierarchyAware,
                  static_cast<int>(arity.value()),
                  o.get("root", "core") == "gred" ? RootKind::Gred : RootKind::Core};
    if (const auto shape = treeShapeFromString(o.get("shape", "hierarchy"))) {
        spec.shape = *shape;
    } else {
        return makeError(ErrorCode::InvalidArgument, "unknown --shape '" + o.get("shape") + "'");
    }
    return generateTree(spec);
}

Result<Ok> writeTrace(const std::string& prefix, const Configuration& config,
                      const Harvest& harvest)
{
    std::ofstream tree(prefix + ".tree.json");
    std::ofstream trace(prefix + ".trace.csv");
    tree << configurationToJson(config);
    trace << traceToCsv(harvest.tuples, config);
    if (!tree || !trace) {
        return makeError(ErrorCode::IoError, "cannot write the trace", prefix);
    }
    return Ok{};
}

// The run's names: its directory (made here) and the prefix of its hosts' rings ({host}: the
// host's id), the launch's own or one the user set for a collector of theirs.
struct RunNames
{
    std::string directory;
    std::string ringPrefix;
    bool ownRings = true;

    void removeRings(const Configuration& config) const
    {
        for (const Host& h : config.hosts()) {
            allreduce::removeRings(replaceAll(ringPrefix, "{host}", h.id));
        }
    }
};

// Whose rings: with --trace-out this launch's own, harvested and removed at the end; else a
// prefix the user set for a collector of theirs, whose rings are left for it to drain; else
// this launch's own, removed at the end (a ring left in /dev/shm holds its memory until the
// machine restarts).
Result<RunNames> makeRunNames(const GsumOptions& o, bool stdio)
{
    const char* inherited = std::getenv("XYLEM_RING_PREFIX");
    const bool forCollector = inherited && *inherited && !o.has("trace-out");
    const std::string ringPrefix =
        forCollector ? std::string(inherited) : "xylem-gsum-" + std::to_string(::getpid()) + "-";
    if (stdio) {
        return RunNames{"", ringPrefix, !forCollector}; // no run directory: the pipes are it
    }
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/xylem-gsum-XXXXXX";
    if (!::mkdtemp(pattern.data())) {
        return makeError(ErrorCode::IoError, "cannot make a run directory",
                         std::filesystem::path(pattern).parent_path().string());
    }
    return RunNames{pattern, ringPrefix, !forCollector};
}

LaunchPlan planOf(const GsumOptions& o, const Configuration& config, const BenchmarkSpec& spec,
                  const RunNames& names)
{
    const std::string configPath = names.directory + "/configuration.tree.json";
    std::ofstream(configPath) << configurationToJson(config);
    LaunchPlan plan;
    plan.executable = std::filesystem::canonical("/proc/self/exe").string();
    for (const Host& h : config.hosts()) {
        plan.hosts.push_back(h.id);
    }
    plan.runArguments = {"--config", configPath, "--rundir", names.directory};
    const auto forwarded = forwardedRunOptions(o);
    plan.runArguments.insert(plan.runArguments.end(), forwarded.begin(), forwarded.end());
    // The token by environment: a command line is readable by every user (/proc/PID/cmdline).
    plan.environment = {"XYLEM_GSUM_LAUNCHED=1",
                        std::string(kGsumTokenVariable) + "=" + randomToken(),
                        "XYLEM_RING_PREFIX=" + names.ringPrefix};
    if (names.ownRings) {
        plan.environment.push_back("XYLEM_GSUM_OWN_RINGS=1");
    }
    if (o.has("trace-out")) {
        plan.environment.push_back(
            "XYLEM_RING_CAPACITY=" +
            std::to_string(std::max<long long>(1 << 16, 2 * (spec.iterations + spec.warmup))));
    }
    return plan;
}

// The launch through the hosts' pipes: the token, the rings' prefix and the configuration go
// to each host on its stdin, nothing in a file or the environment (ssh forwards neither).
StdioLaunchPlan stdioPlanOf(const GsumOptions& o, const Configuration& config,
                            const RunNames& names, std::chrono::milliseconds timeout)
{
    StdioLaunchPlan plan;
    plan.executable = std::filesystem::canonical("/proc/self/exe").string();
    plan.launcherTemplate = o.get("launcher");
    for (const Host& h : config.hosts()) {
        plan.hosts.push_back(h.id);
    }
    plan.runArguments = forwardedRunOptions(o);
    plan.preamble.token = randomToken();
    plan.preamble.environment = {"XYLEM_RING_PREFIX=" + names.ringPrefix};
    if (names.ownRings) {
        plan.preamble.environment.push_back("XYLEM_GSUM_OWN_RINGS=1");
    }
    // What the recording set for the probes: the rings' size and the clock they read.
    if (const char* capacity = std::getenv("XYLEM_RING_CAPACITY"); capacity && *capacity) {
        plan.preamble.environment.push_back(std::string("XYLEM_RING_CAPACITY=") + capacity);
    }
    for (const std::string& shared : tupleClockEnvironment()) {
        plan.preamble.environment.push_back(shared);
    }
    plan.preamble.configuration = configurationToJson(config);
    plan.startTimeout = timeout;
    return plan;
}

double medianOf(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

void printSummary(const Configuration& config, const BenchmarkSpec& spec,
                  const LaunchOutcome& outcome)
{
    double slowest = 0, inside = 0, recorded = 0, unrecorded = 0;
    std::int64_t wrong = 0, pairs = 0;
    std::vector<double> pairPct; // each host's median over its block pairs
    for (const HostReport& r : outcome.reports) {
        pairPct.push_back(r.pairOverheadPct);
        pairs = std::max(pairs, r.pairs);
        slowest = std::max(slowest, r.iterationUs);
        inside = std::max(inside, r.allreduceUs);
        recorded = std::max(recorded, r.recordedIterationUs);
        unrecorded = std::max(unrecorded, r.unrecordedIterationUs);
        wrong += r.wrongResults;
    }
    std::printf("gsum: %zu hosts, %zu threads, %lld calls: %.2f us per iteration, %.2f us inside "
                "allreduce%s\n",
                config.hosts().size(), config.threads().size(),
                static_cast<long long>(spec.iterations), slowest, inside,
                wrong == 0 ? ", every sum right" : "");
    if (spec.interleave > 0 && unrecorded > 0) {
        std::printf("gsum: interleaved blocks of %lld calls: %.2f us per iteration recorded, %.2f "
                    "us unrecorded "
                    "(medians over blocks): recording costs %.2f %%; median of %lld block "
                    "pairs %+.3f %%\n",
                    static_cast<long long>(spec.interleave), recorded, unrecorded,
                    (recorded - unrecorded) / unrecorded * 100.0, static_cast<long long>(pairs),
                    medianOf(pairPct));
    }
}

int harvestTrace(const GsumOptions& o, const Configuration& config, const RunNames& names)
{
    auto harvest = harvestRings(names.ringPrefix);
    names.removeRings(config); // what a failed harvest left
    if (!harvest) {
        return gsumFail(harvest.error().describe(), 1);
    }
    if (auto ok = writeTrace(o.get("trace-out"), config, harvest.value()); !ok) {
        return gsumFail(ok.error().describe(), 1);
    }
    std::printf("gsum: %zu tuples (clock %s, %llu lost) in %s.trace.csv with %s.tree.json\n",
                harvest->tuples.size(), harvest->clock.c_str(),
                static_cast<unsigned long long>(harvest->overwritten), o.get("trace-out").c_str(),
                o.get("trace-out").c_str());
    return 0;
}

// The configuration the rings hold the calls of: the run's, or with --adapt the candidate every
// host settled on (its collectors recorded from the settle call on, the trials' nothing).
Result<Configuration> recordedConfiguration(const GsumOptions& o, const Configuration& config,
                                            const BenchmarkSpec& spec,
                                            const LaunchOutcome& outcome)
{
    XYLEM_TRY(wan, parseWanSpec(o.get("wan")));
    XYLEM_TRY(adapt, adaptPlan(o, config, spec, wan.value()));
    if (!adapt.value()) {
        return config;
    }
    const int settled = outcome.reports.empty() ? -1 : outcome.reports.front().adaptSettled;
    for (const HostReport& r : outcome.reports) {
        if (r.adaptSettled != settled) {
            return makeError(ErrorCode::InvalidTrace,
                             "--adapt: the hosts settled on different trees (host " + r.host +
                                 "); no trace written");
        }
    }
    if (settled < 0 || settled >= static_cast<int>(adapt.value()->candidates.size())) {
        return makeError(ErrorCode::NotFound,
                         "--adapt: the run ended in the trials, which are not recorded: no "
                         "trace (give more --iterations)");
    }
    return adapt.value()->candidates[static_cast<std::size_t>(settled)].config;
}

Result<Ok> checkLaunchable(const Configuration& config, const BenchmarkSpec& spec,
                           const GsumOptions& o)
{
    if (o.has("token") || o.has("token-file")) {
        return makeError(ErrorCode::InvalidArgument,
                         "a launch makes its run's token itself: drop --token / --token-file");
    }
    const std::string way = o.get("rendezvous", o.has("launcher") ? "stdio" : "dir");
    if (way != "dir" && way != "stdio") {
        return makeError(ErrorCode::InvalidArgument,
                         "--rendezvous is dir (a run directory, the default) or stdio (the "
                         "hosts' pipes), not '" +
                             way + "'");
    }
    if (o.has("launcher")) {
        XYLEM_TRY(launcher, checkLauncherTemplate(o.get("launcher")));
        if (way == "dir") {
            return makeError(ErrorCode::InvalidArgument,
                             "--launcher starts hosts on other machines, which do not share a run "
                             "directory: drop --rendezvous dir");
        }
    }
    if (way == "stdio") {
        for (const char* name : {"trace-out", "keep-rundir"}) {
            if (o.has(name)) {
                return makeError(
                    ErrorCode::InvalidArgument,
                    std::string("--") + name +
                        " needs a run directory and the hosts' rings on this machine; with "
                        "--launcher or --rendezvous stdio they are on the hosts' machines "
                        "(record them with xylem-cli record)");
            }
        }
    }
    XYLEM_TRY(wan, parseWanSpec(o.get("wan")));
    XYLEM_TRY(timeout, startTimeout(o)); // the hosts' own, checked before any starts
    XYLEM_TRY(runnable, checkRunnable(config));
    XYLEM_TRY(adapt, adaptPlan(o, config, spec, wan.value())); // every candidate, named
    return adapt.value() ? Result<Ok>(Ok{}) : checkNamesAgainst(config, spec, wan.value());
}

} // namespace

int launchCommand(const GsumOptions& o, std::optional<int> lifeline)
{
    auto config = configurationFrom(o);
    auto spec = benchmarkSpec(o);
    if (!config || !spec) {
        return gsumFail(!config ? config.error().describe() : spec.error().describe());
    }
    if (auto ok = checkLaunchable(config.value(), spec.value(), o); !ok) {
        return gsumFail(ok.error().describe());
    }
    const bool stdio = o.has("launcher") || o.get("rendezvous") == "stdio";
    auto names = makeRunNames(o, stdio);
    if (!names) {
        return gsumFail(names.error().describe(), 1);
    }
    // Our parent gone (kill -9 of xylem-cli): stop as on Ctrl-C, and remove the rings kept for
    // its collectors too: nobody will drain them.
    std::atomic<bool> parentGone{false};
    std::unique_ptr<LifelineWatch> watch;
    if (lifeline) {
        auto started = LifelineWatch::start(*lifeline, [&parentGone] {
            std::signal(SIGPIPE, SIG_IGN); // our output may have gone with the parent
            parentGone = true;
        });
        watch = started ? std::move(started).value() : nullptr;
    }
    auto outcome =
        stdio ? launchThroughStdio(stdioPlanOf(o, config.value(), names.value(),
                                               startTimeout(o).value()),
                                   &parentGone)
              : launchCluster(planOf(o, config.value(), spec.value(), names.value()), &parentGone);
    watch.reset();
    if (!stdio && !o.has("keep-rundir")) {
        std::filesystem::remove_all(names->directory);
    }
    if ((names->ownRings && (!outcome || outcome->interrupted || !o.has("trace-out"))) ||
        parentGone) {
        names->removeRings(config.value());
    }
    if (!outcome) {
        return gsumFail(outcome.error().describe(), 1);
    }
    if (outcome->interrupted) {
        return gsumFail(
            parentGone ? "interrupted: the program that started it went away" : "interrupted", 130);
    }
    printSummary(config.value(), spec.value(), outcome.value());
    if (!o.has("trace-out")) {
        return 0;
    }
    auto recorded = recordedConfiguration(o, config.value(), spec.value(), outcome.value());
    if (!recorded) {
        names->removeRings(config.value());
        return gsumFail(recorded.error().describe(), 1);
    }
    return harvestTrace(o, recorded.value(), names.value());
}

} // namespace xylem::allreduce
