#include "collectors/allreduce/gsum/gsumcommandline.h"

#include "collectors/nodelog/nodeoptions.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace xylem::allreduce {

namespace {

enum Where : unsigned
{
    kLaunch = 1,
    kRun = 2,
    kBoth = kLaunch | kRun
};
enum class Kind
{
    Value,    // the last one given counts
    Repeated, // each one given counts (--noise)
    Flag,
    Refused // accepted, to be refused with a reason (a token on the command line)
};

struct OptionSpec
{
    const char* name;
    unsigned where;
    Kind kind;
    const char* fallback; // shown as the default; nullptr: none
    const char* help;
    const char* group = "Benchmark";
};

// Launch forwards the benchmark's options to each host's run (forwardedRunOptions).
const OptionSpec kOptions[] = {
    {"config", kLaunch, Kind::Value, nullptr,
     "The configuration (xylem-tree/1 JSON), - for stdin (default: generated from --hosts)",
     "Cluster"},
    {"hosts", kLaunch, Kind::Value, "2", "N hosts, or NAME:CORES,... (one process each)",
     "Cluster"},
    {"threads", kLaunch, Kind::Value, "2", "Threads per host, 1 to 1024", "Cluster"},
    {"shape", kLaunch, Kind::Value, "hierarchy",
     "The generated tree: flat, kary, binomial or hierarchy", "Cluster"},
    {"arity", kLaunch, Kind::Value, "2", "k of a kary tree, 2 to 1024", "Cluster"},
    {"root", kLaunch, Kind::Value, "core", "The generated tree's root: core or gred", "Cluster"},
    {"launcher", kLaunch, Kind::Value, nullptr,
     "Start each host through 'ssh {host} {command}' (default: on this machine, directly)",
     "Cluster"},
    {"rendezvous", kLaunch, Kind::Value, "dir, stdio with --launcher",
     "How hosts meet: dir (a run directory) or stdio (their pipes; with --launcher)", "Cluster"},
    {"trace-out", kLaunch, Kind::Value, nullptr,
     "Write PREFIX.tree.json and PREFIX.trace.csv for xylem-cli (default: none)", "Cluster"},
    {"keep-rundir", kLaunch, Kind::Flag, nullptr,
     "Keep the run directory afterwards (default: removed)", "Cluster"},
    {"config", kRun, Kind::Value, nullptr,
     "The configuration (xylem-tree/1 JSON), - for stdin (needed with --rendezvous dir)", "Host"},
    {"host", kRun, Kind::Value, nullptr, "Which host of the configuration this is (needed)",
     "Host"},
    {"rendezvous", kRun, Kind::Value, "dir",
     "dir (through --rundir) or stdio (token, configuration, peers from the launch's pipes)",
     "Host"},
    {"rundir", kRun, Kind::Value, ".", "The run directory the hosts share", "Host"},
    {"addresses", kRun, Kind::Value, nullptr,
     "A file of fixed host addresses, across machines (default: ports chosen at start)", "Host"},
    {"token-file", kRun, Kind::Value, nullptr,
     "The run's token on the first line of a file only its owner reads (default: "
     "$XYLEM_GSUM_TOKEN)",
     "Host"},
    {"token", kBoth, Kind::Refused, nullptr, "", ""},
    {"token-file", kLaunch, Kind::Refused, nullptr, "", ""},
    {"listen", kRun, Kind::Value, "127.0.0.1",
     "Where this host listens: an IP; with stdio also auto (routes to its peers, the default)",
     "Host"},
    {"listen", kLaunch, Kind::Value, "127.0.0.1",
     "Where the hosts listen (stdio: auto, the interface that routes to their peers)", "Cluster"},
    {"benchmark", kBoth, Kind::Value, "gsum",
     "gsum, or compute-gsum (computes as long as its allreduce takes)"},
    {"iterations", kBoth, Kind::Value, "1000", "Timed calls per thread, from 1"},
    {"warmup", kBoth, Kind::Value, "100", "Calls before timing starts, from 0"},
    {"elements", kBoth, Kind::Value, "1", "8-byte values per call, 1 to 1048576"},
    {"compute-us", kBoth, Kind::Value, "0",
     "compute-gsum: microseconds of computing per iteration (0: measured)"},
    {"interleave", kBoth, Kind::Value, "0",
     "Alternate blocks of N calls without and with recording; print the cost (0: off)"},
    {"noise", kBoth, Kind::Repeated, nullptr,
     "THREAD:DELAY_US[:EVERY]: delay a thread's calls; repeat for more (default: none)"},
    {"wan", kBoth, Kind::Value, nullptr,
     "PROXY=LATENCY[/BANDWIDTH],...: emulated wide-area links (default: none)"},
    {"trees", kBoth, Kind::Value, "2", "Tree instances the calls take turns on, 1 to 64"},
    {"start-timeout", kBoth, Kind::Value, "30",
     "Seconds a host waits for its peers at start-up, 1 to 3600"},
    {"no-collectors", kBoth, Kind::Flag, nullptr, "Run without probes: nothing is recorded"},
    {"adapt", kBoth, Kind::Value, nullptr,
     "TREE.json[,TREE.json...]: try these trees too while running, settle on the fastest "
     "(default: none)",
     "Adapt"},
    {"adapt-block", kBoth, Kind::Value, "32", "--adapt: calls per trial block, 1 to 1048576",
     "Adapt"},
    {"adapt-rounds", kBoth, Kind::Value, "2", "--adapt: trial blocks per tree, 1 to 100", "Adapt"},
    {"verbose", kBoth, Kind::Flag, nullptr,
     "Log debug lines too (default: info, warnings and errors)", "Logging"},
    {"quiet", kBoth, Kind::Flag, nullptr,
     "Log warnings and errors only (default: info, warnings and errors)", "Logging"},
};

const char* const kDescription =
    "xylem-gsum: the gsum and compute-gsum benchmarks on Xylem's allreduce runtime.";

const char* const kLaunchDescription =
    "Launch a cluster: one process per host of the configuration, on this machine (ports "
    "chosen automatically) or through --launcher; runs the benchmark and prints the time per "
    "allreduce.";

const char* const kLaunchFooter =
    "With --launcher the launch is itself the hosts' rendezvous over their stdin and stdout "
    "(--rendezvous stdio): token and configuration go to each host on its stdin, which stays "
    "open as its lifeline; nothing is shared between the machines. --trace-out needs a run "
    "directory and the hosts' rings on this machine.";

const char* const kRunDescription =
    "Run one host of a cluster: what launch starts, or by hand across machines or network "
    "namespaces (see README).";

const char* const kRunFooter =
    "A run's token (paths of other runs are refused) comes from --token-file or "
    "$XYLEM_GSUM_TOKEN, never the command line: every user can read a command line.";

// Where CLI11 puts what it parsed, by option name, for one subcommand.
struct Stored
{
    std::map<std::string, std::string> single;
    std::map<std::string, std::vector<std::string>> repeated;
    std::map<std::string, bool> flags;
};

// What a value looks like, in the help ("--iterations N").
std::string typeOf(const std::string& name)
{
    static const std::map<std::string, std::string> types{
        {"config", "FILE"},       {"hosts", "N|LIST"},   {"threads", "N"},
        {"shape", "SHAPE"},       {"arity", "K"},        {"root", "KIND"},
        {"launcher", "TEMPLATE"}, {"rendezvous", "WAY"}, {"trace-out", "PREFIX"},
        {"host", "NAME"},         {"rundir", "DIR"},     {"addresses", "FILE"},
        {"token-file", "FILE"},   {"listen", "IP"},      {"benchmark", "NAME"},
        {"iterations", "N"},      {"warmup", "N"},       {"elements", "N"},
        {"compute-us", "US"},     {"interleave", "N"},   {"noise", "SPEC"},
        {"wan", "LINKS"},         {"trees", "N"},        {"start-timeout", "SECONDS"},
        {"token", "TOKEN"},
        {"adapt", "FILES"},       {"adapt-block", "B"},  {"adapt-rounds", "R"},
    };
    const auto it = types.find(name);
    return it == types.end() ? "VALUE" : it->second;
}

void define(CLI::App& sub, Where where, Stored& stored)
{
    for (const OptionSpec& spec : kOptions) {
        if ((spec.where & where) == 0) {
            continue;
        }
        const std::string flag = std::string("--") + spec.name;
        CLI::Option* option = nullptr;
        switch (spec.kind) {
        case Kind::Flag:
            option = sub.add_flag(flag, stored.flags[spec.name], spec.help);
            break;
        case Kind::Repeated:
            option = sub.add_option(flag, stored.repeated[spec.name], spec.help)
                         ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
                         ->allow_extra_args(false);
            break;
        case Kind::Value:
        case Kind::Refused:
            option = sub.add_option(flag, stored.single[spec.name], spec.help);
            break;
        }
        if (spec.kind != Kind::Flag) {
            option->type_name(typeOf(spec.name));
        }
        if (spec.fallback) {
            option->default_str(spec.fallback);
        }
        option->group(spec.group);
    }
}

GsumOptions collect(const CLI::App& sub, Where where, const Stored& stored)
{
    GsumOptions o;
    o.command = sub.get_name();
    for (const OptionSpec& spec : kOptions) {
        const std::string flag = std::string("--") + spec.name;
        if ((spec.where & where) == 0 || sub.count(flag) == 0) {
            continue;
        }
        switch (spec.kind) {
        case Kind::Flag:
            o.flags.emplace_back(spec.name);
            break;
        case Kind::Repeated:
            o.values[spec.name] = stored.repeated.at(spec.name);
            break;
        case Kind::Value:
        case Kind::Refused:
            o.values[spec.name] = {stored.single.at(spec.name)};
            break;
        }
    }
    return o;
}

} // namespace

std::variant<GsumOptions, int> parseGsumCommandLine(int argc, char** argv, const char* version)
{
    // CLI11 would take an unknown command for an extra argument ("a subcommand is required").
    const std::string first = argc > 1 ? argv[1] : "";
    if (first != "launch" && first != "run" && !first.starts_with("-")) {
        std::fprintf(stderr,
                     "xylem-gsum: %s: the first argument is run or launch\nRun 'xylem-gsum "
                     "--help' for the options.\n",
                     first.empty() ? "no command" : ("unknown command '" + first + "'").c_str());
        return nodeoptions::kUsageError;
    }
    CLI::App app(kDescription, "xylem-gsum");
    app.require_subcommand(1);
    CLI::App* launch = app.add_subcommand("launch", kLaunchDescription);
    CLI::App* run = app.add_subcommand("run", kRunDescription);
    launch->footer(kLaunchFooter);
    run->footer(kRunFooter);
    Stored launchStored;
    Stored runStored;
    define(*launch, kLaunch, launchStored);
    define(*run, kRun, runStored);
    nodeoptions::prepare(app, "xylem-gsum", version);
    if (const auto exit = nodeoptions::parse(app, argc, argv, "xylem-gsum")) {
        return *exit;
    }
    if (!launch->parsed()) {
        return collect(*run, kRun, runStored);
    }
    return collect(*launch, kLaunch, launchStored);
}

} // namespace xylem::allreduce
