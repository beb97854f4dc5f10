// xylem-gsum: the gsum and compute-gsum benchmarks of the papers on Xylem's allreduce runtime.
//   launch  a local cluster: one process per host of the configuration, on this machine
//   run     one host of a cluster (what launch starts; by hand across machines or namespaces)

#include "collectors/allreduce/gsum/gsumoptions.h"
#include "collectors/allreduce/gsum/launcher.h"
#include "collectors/allreduce/gsum/ringharvest.h"
#include "collectors/allreduce/hostruntime.h"
#include "collectors/allreduce/wanemulation.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/model/treegenerator.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sys/prctl.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::allreduce;

namespace {

int fail(const std::string& message, int code = 2)
{
    std::fprintf(stderr, "xylem-gsum: %s\n", message.c_str());
    return code;
}

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
        return readConfigurationFile(o.get("config"));
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

int runHost(const GsumOptions& o)
{
    if (std::getenv("XYLEM_GSUM_LAUNCHED")) {
        ::prctl(PR_SET_PDEATHSIG, SIGTERM); // a launcher that dies takes its hosts with it
    }
    auto config = readConfigurationFile(o.get("config"));
    auto spec = benchmarkSpec(o);
    auto wan = parseWanSpec(o.get("wan"));
    const auto trees = o.number("trees", 2, 1, 64);
    if (!config || !spec || !wan || !trees) {
        return fail(!config ? config.error().describe()
                    : !spec ? spec.error().describe()
                    : !wan  ? wan.error().describe()
                            : trees.error().describe());
    }
    if (auto ok = checkNamesAgainst(config.value(), spec.value(), wan.value()); !ok) {
        return fail(ok.error().describe());
    }
    RunDirectory run(o.get("rundir", "."));
    if (o.has("addresses")) {
        if (auto ok = run.useAddressFile(o.get("addresses")); !ok) {
            return fail(ok.error().describe());
        }
    }
    RuntimeOptions options;
    options.host = o.get("host");
    options.token = o.get("token");
    options.trees = static_cast<int>(trees.value());
    options.listenAddress = o.get("listen", "127.0.0.1");
    options.recording = spec->recording();
    options.wan = wan.value();
    if (const auto fixed = run.fixedAddresses().find(options.host);
        fixed != run.fixedAddresses().end()) {
        options.listenAddress = fixed->second.ip; // across machines: where the others will connect
        options.listenPort = fixed->second.port;
    }
    std::optional<probe::Probe> probe;
    if (!o.has("no-collectors")) {
        probe.emplace(probe::ProbeOptions::fromEnvironment());
    }
    auto runtime = HostRuntime::start(config.value(), options, run, probe ? &*probe : nullptr);
    if (!runtime) {
        return fail("host " + options.host + ": " + runtime.error().describe(), 1);
    }
    HostReport report =
        runBenchmark(*runtime.value(), config.value(), spec.value(), probe ? &*probe : nullptr);
    report.host = options.host;
    runtime.value()->finish();
    std::printf("%s\n", reportLine(report).c_str());
    return report.wrongResults == 0 ? 0
                                    : fail("host " + options.host + ": " +
                                               std::to_string(report.wrongResults) + " wrong sums",
                                           1);
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

int launch(const GsumOptions& o, const char* self)
{
    auto config = configurationFrom(o);
    auto spec = benchmarkSpec(o);
    if (!config || !spec) {
        return fail(!config ? config.error().describe() : spec.error().describe());
    }
    auto wan = parseWanSpec(o.get("wan"));
    if (!wan) {
        return fail(wan.error().describe());
    }
    if (auto ok = checkRunnable(config.value()); !ok) {
        return fail(ok.error().describe());
    }
    if (auto ok = checkNamesAgainst(config.value(), spec.value(), wan.value()); !ok) {
        return fail(ok.error().describe());
    }
    char pattern[] = "/tmp/xylem-gsum-XXXXXX";
    if (!::mkdtemp(pattern)) {
        return fail("cannot make a run directory in /tmp", 1);
    }
    const std::string rundir = pattern;
    const std::string configPath = rundir + "/configuration.tree.json";
    std::ofstream(configPath) << configurationToJson(config.value());
    // Whose rings: with --trace-out this launch's own, harvested and removed at the end; else a
    // prefix the user set for a collector of theirs, whose rings are left for it to drain; else
    // this launch's own, removed at the end (a ring left in /dev/shm holds its memory until the
    // machine restarts).
    const char* inherited = std::getenv("XYLEM_RING_PREFIX");
    const bool forCollector = inherited && *inherited && !o.has("trace-out");
    const std::string ringPrefix =
        forCollector ? std::string(inherited) : "xylem-gsum-" + std::to_string(::getpid()) + "-";
    LaunchPlan plan;
    plan.executable = std::filesystem::canonical("/proc/self/exe").string();
    (void)self;
    for (const Host& h : config->hosts()) {
        plan.hosts.push_back(h.id);
    }
    plan.runArguments = {"--config", configPath, "--rundir", rundir, "--token", randomToken()};
    const auto forwarded = forwardedRunOptions(o);
    plan.runArguments.insert(plan.runArguments.end(), forwarded.begin(), forwarded.end());
    plan.environment = {"XYLEM_GSUM_LAUNCHED=1"};
    plan.environment.push_back("XYLEM_RING_PREFIX=" + ringPrefix);
    if (o.has("trace-out")) {
        plan.environment.push_back(
            "XYLEM_RING_CAPACITY=" +
            std::to_string(std::max<long long>(1 << 16, 2 * (spec->iterations + spec->warmup))));
    }
    auto outcome = launchCluster(plan);
    if (!o.has("keep-rundir")) {
        std::filesystem::remove_all(rundir);
    }
    if (!forCollector && (!outcome || outcome->interrupted || !o.has("trace-out"))) {
        removeRings(ringPrefix);
    }
    if (!outcome) {
        return fail(outcome.error().describe(), 1);
    }
    if (outcome->interrupted) {
        return fail("interrupted", 130);
    }
    double slowest = 0, inside = 0, recorded = 0, unrecorded = 0;
    std::int64_t wrong = 0;
    for (const HostReport& r : outcome->reports) {
        slowest = std::max(slowest, r.iterationUs);
        inside = std::max(inside, r.allreduceUs);
        recorded = std::max(recorded, r.recordedIterationUs);
        unrecorded = std::max(unrecorded, r.unrecordedIterationUs);
        wrong += r.wrongResults;
    }
    std::printf("gsum: %zu hosts, %zu threads, %lld calls: %.2f us per iteration, %.2f us inside "
                "allreduce%s\n",
                config->hosts().size(), config->threads().size(),
                static_cast<long long>(spec->iterations), slowest, inside,
                wrong == 0 ? ", every sum right" : "");
    if (spec->interleave > 0 && unrecorded > 0) {
        std::printf("gsum: interleaved blocks of %lld calls: %.2f us per iteration recorded, %.2f "
                    "us unrecorded "
                    "(medians over blocks): recording costs %.2f %%\n",
                    static_cast<long long>(spec->interleave), recorded, unrecorded,
                    (recorded - unrecorded) / unrecorded * 100.0);
    }
    if (o.has("trace-out")) {
        auto harvest = harvestRings(ringPrefix);
        removeRings(ringPrefix); // what a failed harvest left
        if (!harvest) {
            return fail(harvest.error().describe(), 1);
        }
        if (auto ok = writeTrace(o.get("trace-out"), config.value(), harvest.value()); !ok) {
            return fail(ok.error().describe(), 1);
        }
        std::printf("gsum: %zu tuples (clock %s, %llu lost) in %s.trace.csv with %s.tree.json\n",
                    harvest->tuples.size(), harvest->clock.c_str(),
                    static_cast<unsigned long long>(harvest->overwritten),
                    o.get("trace-out").c_str(), o.get("trace-out").c_str());
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    auto options = parseGsumOptions(argc, argv);
    if (!options) {
        std::fprintf(stderr, "xylem-gsum: %s\n%s", options.error().describe().c_str(), kGsumUsage);
        return 2;
    }
    return options->command == "run" ? runHost(options.value()) : launch(options.value(), argv[0]);
}
