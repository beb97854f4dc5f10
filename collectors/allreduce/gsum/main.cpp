// xylem-gsum: the gsum and compute-gsum benchmarks of the papers on Xylem's allreduce runtime.
//   launch  a local cluster: one process per host of the configuration, on this machine
//   run     one host of a cluster (what launch starts; by hand across machines or namespaces)

#include "collectors/allreduce/gsum/gsumoptions.h"
#include "collectors/allreduce/gsum/launchcommand.h"
#include "collectors/allreduce/gsum/ringharvest.h"
#include "collectors/allreduce/hostruntime.h"
#include "collectors/allreduce/wanemulation.h"
#include "core/model/configurationjson.h"
#include "core/model/lifeline.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <thread>

using namespace xylem;
using namespace xylem::allreduce;

namespace {

// A launched host whose launch is gone (killed) ends at once, and removes what the launch
// can no longer: the run directory, and the rings when they were the launch's own.
std::unique_ptr<LifelineWatch> watchLaunch(std::optional<int> lifeline, const std::string& host,
                                           const std::string& rundir)
{
    if (!lifeline) {
        return nullptr;
    }
    const bool launched = std::getenv("XYLEM_GSUM_LAUNCHED") != nullptr;
    const char* prefix = std::getenv("XYLEM_RING_PREFIX");
    const std::string ownRings =
        std::getenv("XYLEM_GSUM_OWN_RINGS") && prefix && *prefix ? prefix : "";
    auto watch = LifelineWatch::start(*lifeline, [host, rundir, launched, ownRings] {
        // Our stderr may be a pipe whose reader went with the launch: a message must not kill
        // us (SIGPIPE) before we have cleaned up.
        std::signal(SIGPIPE, SIG_IGN);
        std::fprintf(stderr, "xylem-gsum: host %s: the launch went away; stopping\n", host.c_str());
        // Every host of the launch cleans up at once: a removal that meets an entry another
        // host removed first stops half-way, so each tries again until nothing is left.
        for (int attempt = 0; attempt < 50; ++attempt) {
            std::error_code ec;
            if (launched && !rundir.empty()) {
                std::filesystem::remove_all(rundir, ec);
            }
            const bool ringsLeft = !ownRings.empty() && removeRings(ownRings) > 0;
            if ((!launched || rundir.empty() || !std::filesystem::exists(rundir, ec)) &&
                !ringsLeft) {
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        std::_Exit(1);
    });
    return watch ? std::move(watch).value() : nullptr;
}

Result<RuntimeOptions> runtimeOptions(const GsumOptions& o, const BenchmarkSpec& spec,
                                      const RunDirectory& run)
{
    XYLEM_TRY(token, runToken(o));
    XYLEM_TRY(wan, parseWanSpec(o.get("wan")));
    XYLEM_TRY(trees, o.number("trees", 2, 1, 64));
    XYLEM_TRY(timeout, startTimeout(o));
    RuntimeOptions options;
    options.host = o.get("host");
    options.token = token.value();
    options.trees = static_cast<int>(trees.value());
    options.listenAddress = o.get("listen", "127.0.0.1");
    options.recording = spec.recording();
    options.wan = wan.value();
    options.startTimeout = timeout.value();
    if (const auto fixed = run.fixedAddresses().find(options.host);
        fixed != run.fixedAddresses().end()) {
        options.listenAddress = fixed->second.ip; // across machines: where the others will connect
        options.listenPort = fixed->second.port;
    }
    return options;
}

int runHost(const GsumOptions& o, std::optional<int> lifeline)
{
    const auto watch = watchLaunch(lifeline, o.get("host"), o.get("rundir"));
    if (auto token = runToken(o); !token) {
        return gsumFail(token.error().describe()); // before anything else: a secret was shown
    }
    auto config = readConfigurationOption(o);
    auto spec = benchmarkSpec(o);
    if (!config || !spec) {
        return gsumFail(!config ? config.error().describe() : spec.error().describe());
    }
    RunDirectory run(o.get("rundir", "."));
    if (o.has("addresses")) {
        if (auto ok = run.useAddressFile(o.get("addresses")); !ok) {
            return gsumFail(ok.error().describe());
        }
    }
    auto options = runtimeOptions(o, spec.value(), run);
    if (!options) {
        return gsumFail(options.error().describe());
    }
    if (auto ok = checkNamesAgainst(config.value(), spec.value(), options->wan); !ok) {
        return gsumFail(ok.error().describe());
    }
    std::optional<probe::Probe> probe;
    if (!o.has("no-collectors")) {
        probe.emplace(probe::ProbeOptions::fromEnvironment());
    }
    auto runtime =
        HostRuntime::start(config.value(), options.value(), run, probe ? &*probe : nullptr);
    if (!runtime) {
        return gsumFail("host " + options->host + ": " + runtime.error().describe(), 1);
    }
    HostReport report =
        runBenchmark(*runtime.value(), config.value(), spec.value(), probe ? &*probe : nullptr);
    report.host = options->host;
    runtime.value()->finish();
    std::printf("%s\n", reportLine(report).c_str());
    return report.wrongResults == 0
               ? 0
               : gsumFail("host " + options->host + ": " + std::to_string(report.wrongResults) +
                              " wrong sums",
                          1);
}

} // namespace

int main(int argc, char** argv)
{
    const std::optional<int> lifeline = inheritedLifeline(); // first: it edits the environment
    auto options = parseGsumOptions(argc, argv);
    if (!options) {
        std::fprintf(stderr, "xylem-gsum: %s\n%s", options.error().describe().c_str(), kGsumUsage);
        return 2;
    }
    return options->command == "run" ? runHost(options.value(), lifeline)
                                     : launchCommand(options.value(), lifeline);
}
