#include "collectors/allreduce/gsum/hostcommand.h"

#include "collectors/allreduce/gsum/adaptoption.h"
#include "collectors/allreduce/gsum/launchertemplate.h"
#include "collectors/allreduce/gsum/ringharvest.h"
#include "collectors/allreduce/hostruntime.h"
#include "collectors/allreduce/rundirectory.h"
#include "collectors/allreduce/stdiorendezvous.h"
#include "collectors/allreduce/wanemulation.h"
#include "collectors/nodelog/nodelog.h"
#include "core/model/configurationjson.h"
#include "core/model/lifeline.h"

#include <boost/asio.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <thread>
#include <unistd.h>

namespace xylem::allreduce {

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
        nodelog::Log("xylem-gsum").warning("host " + host + ": the launch went away; stopping");
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

Result<RuntimeOptions> runtimeOptions(const GsumOptions& o, const std::string& token)
{
    XYLEM_TRY(wan, parseWanSpec(o.get("wan")));
    XYLEM_TRY(trees, o.number("trees", 2, 1, 64));
    XYLEM_TRY(timeout, startTimeout(o));
    RuntimeOptions options;
    options.host = o.get("host");
    options.token = token;
    options.trees = static_cast<int>(trees.value());
    options.listenAddress = o.get("listen", "127.0.0.1");
    options.wan = wan.value();
    options.startTimeout = timeout.value();
    return options;
}

// The runtime started through the rendezvous, the benchmark, the report line.
int runOn(Rendezvous& rendezvous, const GsumOptions& o, const Configuration& config,
          const BenchmarkSpec& spec, RuntimeOptions options)
{
    options.recording = spec.recording();
    auto adapt = adaptPlan(o, config, spec, options.wan);
    if (!adapt) {
        return gsumFail(adapt.error().describe());
    }
    if (auto ok = adapt.value() ? Result<Ok>(Ok{}) : checkNamesAgainst(config, spec, options.wan);
        !ok) {
        return gsumFail(ok.error().describe());
    }
    std::optional<probe::Probe> probe;
    if (!o.has("no-collectors")) {
        probe.emplace(probe::ProbeOptions::fromEnvironment());
    }
    std::unique_ptr<HostRuntime> plain;
    std::unique_ptr<AdaptiveRuntime> adaptive;
    if (adapt.value()) {
        auto started = AdaptiveRuntime::start(std::move(adapt.value()->candidates), options,
                                              adapt.value()->options, rendezvous,
                                              probe ? &*probe : nullptr);
        if (!started) {
            return gsumFail("host " + options.host + ": " + started.error().describe(), 1);
        }
        adaptive = std::move(started).value();
    } else {
        auto runtime = HostRuntime::start(config, options, rendezvous, probe ? &*probe : nullptr);
        if (!runtime) {
            return gsumFail("host " + options.host + ": " + runtime.error().describe(), 1);
        }
        plain = std::move(runtime).value();
    }
    AllreduceRuntime& runtime = adaptive ? static_cast<AllreduceRuntime&>(*adaptive) : *plain;
    HostReport report = runBenchmark(runtime, config, spec, probe ? &*probe : nullptr);
    report.host = options.host;
    if (adaptive) {
        report.adaptSettled = adaptive->settledCandidate();
        adaptive->finish();
    } else {
        plain->finish();
    }
    std::printf("%s\n", reportLine(report).c_str());
    std::fflush(stdout);
    if (adaptive) {
        printAdaptRecord(*adaptive);
    }
    return report.wrongResults == 0
               ? 0
               : gsumFail("host " + options.host + ": " + std::to_string(report.wrongResults) +
                              " wrong sums",
                          1);
}

int runDirectoryHost(const GsumOptions& o, std::optional<int> lifeline)
{
    const auto watch = watchLaunch(lifeline, o.get("host"), o.get("rundir"));
    auto token = runToken(o);
    if (!token) {
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
    auto options = runtimeOptions(o, token.value());
    if (!options) {
        return gsumFail(options.error().describe());
    }
    if (const auto fixed = run.fixedAddresses().find(options->host);
        fixed != run.fixedAddresses().end()) {
        options->listenAddress = fixed->second.ip; // across machines: where the others connect
        options->listenPort = fixed->second.port;
    }
    return runOn(run, o, config.value(), spec.value(), options.value());
}

// The address this host sends from towards the first of its peers whose name resolves here
// (connecting a UDP socket sends nothing; it picks the route and the source address): the
// interface the peers reach it on. 127.0.0.1 when no peer's name resolves (labels such as a
// local cluster's h0 and h1) or every peer is this machine. The auto address of
// core/tree/listenaddress.h, which xylem-gsum does not link.
Result<std::string> routedListenAddress(const Configuration& config, const std::string& self)
{
    namespace asio = boost::asio;
    asio::io_context io;
    asio::ip::udp::resolver resolver(io);
    for (const Host& h : config.hosts()) {
        boost::system::error_code ec;
        if (h.id == self || isThisMachine(h.id)) {
            continue;
        }
        const auto endpoints = resolver.resolve(h.id, "9", ec);
        if (ec) {
            continue; // a label, not a machine
        }
        for (const auto& entry : endpoints) {
            asio::ip::udp::socket socket(io);
            socket.open(entry.endpoint().protocol(), ec);
            if (!ec) {
                socket.connect(entry.endpoint(), ec);
            }
            const auto local = ec ? asio::ip::udp::endpoint() : socket.local_endpoint(ec);
            if (!ec) {
                return local.address().to_string();
            }
        }
        return makeError(ErrorCode::IoError, "no route to host " + h.id + ": " + ec.message() +
                                                 " (give the address to listen on: --listen IP)");
    }
    return std::string("127.0.0.1");
}

int runStdioHost(const GsumOptions& o)
{
    const std::string host = o.get("host");
    if (host.empty()) {
        return gsumFail("--rendezvous stdio: --host H names which of the configuration's hosts "
                        "this is");
    }
    for (const char* name : {"config", "rundir", "addresses", "token", "token-file"}) {
        if (o.has(name)) {
            return gsumFail(std::string("--rendezvous stdio: the launch gives the token, the "
                                        "configuration and the addresses on stdin; drop --") +
                            name);
        }
    }
    auto timeout = startTimeout(o);
    auto spec = benchmarkSpec(o);
    if (!timeout || !spec) {
        return gsumFail(!timeout ? timeout.error().describe() : spec.error().describe());
    }
    PipeReader in(STDIN_FILENO, -1, kStdioMaxLine);
    auto preamble = readStdioPreamble(in, PipeReader::Clock::now() + timeout.value());
    if (!preamble) {
        return gsumFail("host " + host + ": " + preamble.error().describe(), 1);
    }
    for (const std::string& assignment : preamble->environment) { // no thread runs yet
        const auto equals = assignment.find('=');
        ::setenv(assignment.substr(0, equals).c_str(), assignment.substr(equals + 1).c_str(), 1);
    }
    auto config = parseConfigurationJson(preamble->configuration);
    if (!config) {
        return gsumFail("host " + host + ": the configuration on stdin: " +
                            config.error().describe(),
                        1);
    }
    auto options = runtimeOptions(o, preamble->token);
    if (options && o.get("listen", "auto") == "auto") {
        auto routed = routedListenAddress(config.value(), host);
        if (!routed) {
            return gsumFail("host " + host + ": " + routed.error().describe(), 1);
        }
        options->listenAddress = routed.value();
    }
    if (!options) {
        return gsumFail(options.error().describe());
    }
    // Its launch runs on another machine, maybe: the rings it made are for this host to remove.
    const char* prefix = std::getenv("XYLEM_RING_PREFIX");
    const std::string ownRings =
        std::getenv("XYLEM_GSUM_OWN_RINGS") && prefix && *prefix ? prefix : "";
    auto rendezvous =
        StdioRendezvous::start(STDIN_FILENO, STDOUT_FILENO, [host, ownRings] {
            std::signal(SIGPIPE, SIG_IGN); // our stdout and stderr went with the launch
            nodelog::Log("xylem-gsum")
                .warning("host " + host + ": the launch went away; stopping");
            // The start may be making rings on other threads as we go (services, threads):
            // removed again a few times, so that one made just after a pass goes too.
            for (int pass = 0; pass < 10 && !ownRings.empty(); ++pass) {
                removeRings(ownRings);
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            std::_Exit(1);
        });
    if (!rendezvous) {
        return gsumFail("host " + host + ": " + rendezvous.error().describe(), 1);
    }
    const int code = runOn(*rendezvous.value(), o, config.value(), spec.value(), options.value());
    rendezvous.value().reset(); // no more lifeline: what follows is this host's own end
    if (!ownRings.empty()) {
        removeRings(ownRings);
    }
    return code;
}

} // namespace

int runCommand(const GsumOptions& o, std::optional<int> lifeline)
{
    const std::string way = o.get("rendezvous", "dir");
    if (way == "stdio") {
        return runStdioHost(o);
    }
    if (way != "dir") {
        return gsumFail("--rendezvous is dir (a run directory, the default) or stdio (the "
                        "launch's pipes), not '" +
                        way + "'");
    }
    return runDirectoryHost(o, lifeline);
}

} // namespace xylem::allreduce
