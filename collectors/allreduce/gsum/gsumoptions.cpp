#include "collectors/allreduce/gsum/gsumoptions.h"

#include "core/model/configurationjson.h"
#include "core/model/secretfile.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>

namespace xylem::allreduce {

const char* const kGsumUsage =
    "usage: xylem-gsum launch (--config F.tree.json | --hosts N|A:c0,B:c1 [--threads T] [--shape "
    "S] [--arity K])\n"
    "                         [--benchmark gsum|compute-gsum] [--iterations N] [--warmup N] "
    "[--elements E]\n"
    "                         [--noise THREAD:DELAY_US[:EVERY]]... [--no-collectors] [--wan "
    "PROXY=LAT[/BW],...]\n"
    "                         [--trace-out PREFIX] [--interleave N] [--compute-us US]\n"
    "                         [--launcher 'ssh {host} {command}'] [--rendezvous dir|stdio]\n"
    "       xylem-gsum run --config F --host H --rundir D [--token-file F] [same benchmark "
    "options]\n"
    "                      [--listen IP] [--addresses FILE] [--start-timeout S]\n"
    "       xylem-gsum run --host H --rendezvous stdio [--listen IP|auto] [benchmark options]\n"
    "  launch starts one process per host on this machine (ports chosen automatically), runs the\n"
    "  benchmark, prints the time per allreduce. --launcher starts each host through the template\n"
    "  instead ({host}: its name, {command}: the quoted command; this machine's hosts directly)\n"
    "  and is itself the hosts' rendezvous over their stdin and stdout (--rendezvous stdio):\n"
    "  token and configuration go to each host on its stdin, which stays open as its lifeline;\n"
    "  nothing is shared between the machines. A stdio host listens on --listen IP or on the\n"
    "  address its machine routes to its peers (auto). --trace-out writes PREFIX.tree.json and\n"
    "  PREFIX.trace.csv for xylem-cli. run is one host of a cluster (across machines or network\n"
    "  namespaces: see README). --interleave N alternates blocks of N calls without and with\n"
    "  recording in one run and prints what recording costs. compute-gsum computes as long as\n"
    "  its allreduce takes (measured first by each host), or --compute-us per iteration.\n"
    "  --config - reads the configuration from stdin. A run's token (paths of other runs are\n"
    "  refused) comes from --token-file or $XYLEM_GSUM_TOKEN, never the command line. A host\n"
    "  waits --start-timeout seconds (default 30) for its peers, then fails naming what is\n"
    "  missing.\n";

namespace {

const std::set<std::string> kValued{
    "config",    "hosts",      "threads",    "shape",      "arity",        "root",
    "benchmark", "iterations", "warmup",     "elements",   "noise",        "wan",
    "trace-out", "host",       "rundir",     "token",      "listen",       "addresses",
    "trees",     "interleave", "compute-us", "token-file", "start-timeout", "launcher",
    "rendezvous"};
const std::set<std::string> kFlags{"no-collectors", "keep-rundir"};

bool integer(const std::string& text, long long& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

} // namespace

bool GsumOptions::has(const std::string& name) const
{
    return values.contains(name) || std::find(flags.begin(), flags.end(), name) != flags.end();
}

Result<long long> GsumOptions::number(const std::string& name, long long fallback, long long min,
                                      long long max) const
{
    if (!has(name)) {
        return fallback;
    }
    long long value = 0;
    if (!integer(get(name), value) || value < min || value > max) {
        return makeError(ErrorCode::InvalidArgument,
                         "--" + name + " must be a whole number from " + std::to_string(min) +
                             " to " + std::to_string(max) + ", not '" + get(name) + "'");
    }
    return value;
}

std::string GsumOptions::get(const std::string& name, const std::string& fallback) const
{
    const auto it = values.find(name);
    return it == values.end() ? fallback : it->second.back();
}

const std::vector<std::string>& GsumOptions::all(const std::string& name) const
{
    static const std::vector<std::string> none;
    const auto it = values.find(name);
    return it == values.end() ? none : it->second;
}

Result<GsumOptions> parseGsumOptions(int argc, char** argv)
{
    GsumOptions o;
    if (argc < 2 || (std::string(argv[1]) != "run" && std::string(argv[1]) != "launch")) {
        return makeError(ErrorCode::InvalidArgument, "the first argument is run or launch");
    }
    o.command = argv[1];
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        const std::string name = arg.starts_with("--") ? arg.substr(2) : "";
        if (kFlags.contains(name)) {
            o.flags.push_back(name);
        } else if (kValued.contains(name) && i + 1 < argc) {
            o.values[name].push_back(argv[++i]);
        } else {
            return makeError(ErrorCode::InvalidArgument, "unexpected argument '" + arg + "'");
        }
    }
    return o;
}

int gsumFail(const std::string& message, int code)
{
    std::fprintf(stderr, "xylem-gsum: %s\n", message.c_str());
    return code;
}

Result<Configuration> readConfigurationOption(const GsumOptions& o)
{
    if (o.get("config") != "-") {
        return readConfigurationFile(o.get("config"));
    }
    const std::string text((std::istreambuf_iterator<char>(std::cin)),
                           std::istreambuf_iterator<char>());
    auto config = parseConfigurationJson(text);
    if (!config) {
        Error e = config.error();
        e.where = "stdin" + (e.where.empty() ? "" : ", " + e.where);
        return e;
    }
    return config;
}

Result<std::string> runToken(const GsumOptions& o)
{
    if (o.has("token")) {
        return makeError(ErrorCode::InvalidArgument,
                         "--token would show the run's secret to every user (ps); give it with "
                         "--token-file FILE or $" +
                             std::string(kGsumTokenVariable));
    }
    if (o.has("token-file")) {
        // Only the user's own file that nobody else may read or change holds a secret.
        const std::string path = o.get("token-file");
        auto text = readSecretFile(path, 4096);
        if (!text) {
            return makeError(text.error().code, "cannot read a token: " + text.error().message,
                             path);
        }
        const std::string token = text->substr(0, text->find('\n'));
        if (token.empty()) {
            return makeError(ErrorCode::MalformedInput,
                             "cannot read a token: its first line is empty", path);
        }
        return token;
    }
    const char* given = std::getenv(kGsumTokenVariable);
    return std::string(given ? given : "");
}

Result<std::chrono::milliseconds> startTimeout(const GsumOptions& o)
{
    XYLEM_TRY(seconds, o.number("start-timeout", 30, 1, 3600));
    return std::chrono::milliseconds(seconds.value() * 1000);
}

Result<BenchmarkSpec> benchmarkSpec(const GsumOptions& o)
{
    BenchmarkSpec spec;
    const std::string kind = o.get("benchmark", "gsum");
    if (kind != "gsum" && kind != "compute-gsum") {
        return makeError(ErrorCode::InvalidArgument,
                         "--benchmark is gsum or compute-gsum, not '" + kind + "'");
    }
    spec.kind = kind == "gsum" ? BenchmarkKind::Gsum : BenchmarkKind::ComputeGsum;
    long long value = 0;
    for (const auto& [name, target, min] :
         {std::tuple{"iterations", &spec.iterations, 1LL}, std::tuple{"warmup", &spec.warmup, 0LL},
          std::tuple{"compute-us", &spec.computeUs, 0LL}}) {
        if (o.has(name)) {
            if (!integer(o.get(name), value) || value < min) {
                return makeError(ErrorCode::InvalidArgument,
                                 std::string("--") + name +
                                     " must be a number >= " + std::to_string(min));
            }
            *target = value;
        }
    }
    if (o.has("elements")) {
        if (!integer(o.get("elements"), value) || value < 1 || value > (1 << 20)) {
            return makeError(ErrorCode::InvalidArgument, "--elements must be 1 to 1048576");
        }
        spec.elements = static_cast<size_t>(value);
    }
    if (o.has("interleave")) {
        if (!integer(o.get("interleave"), value) || value < 1) {
            return makeError(ErrorCode::InvalidArgument,
                             "--interleave must be a number of calls >= 1");
        }
        if (o.has("no-collectors")) {
            return makeError(ErrorCode::InvalidArgument,
                             "--interleave compares recording with none: it needs the collectors");
        }
        spec.interleave = value;
    }
    for (const std::string& n : o.all("noise")) {
        auto noise = parseNoise(n);
        if (!noise) {
            return noise.error();
        }
        spec.noise.push_back(noise.value());
    }
    return spec;
}

namespace {

Result<Ok> checkKind(const Configuration& config, const std::string& option, const std::string& id,
                     WrapperKind kind)
{
    std::string known;
    for (const Wrapper& w : config.wrappers()) {
        if (w.kind != kind) {
            continue;
        }
        if (w.id == id) {
            return Ok{};
        }
        known += (known.empty() ? "" : ", ") + w.id;
    }
    return makeError(ErrorCode::InvalidArgument, option + ": the configuration has no " +
                                                     std::string(toString(kind)) + " '" + id +
                                                     "' (it has: " + known + ")");
}

} // namespace

Result<Ok> checkNamesAgainst(const Configuration& config, const BenchmarkSpec& spec,
                             const std::map<std::string, LinkEmulation>& wan)
{
    for (const Noise& n : spec.noise) {
        if (auto ok = checkKind(config, "--noise", n.thread, WrapperKind::Thread); !ok) {
            return ok;
        }
    }
    for (const auto& [proxy, link] : wan) {
        if (auto ok = checkKind(config, "--wan", proxy, WrapperKind::Proxy); !ok) {
            return ok;
        }
    }
    return Ok{};
}

std::vector<std::string> forwardedRunOptions(const GsumOptions& o)
{
    std::vector<std::string> out;
    for (const char* name : {"benchmark", "iterations", "warmup", "elements", "wan", "trees",
                             "listen", "interleave", "compute-us", "start-timeout"}) {
        if (o.has(name)) {
            out.insert(out.end(), {std::string("--") + name, o.get(name)});
        }
    }
    for (const std::string& n : o.all("noise")) {
        out.insert(out.end(), {"--noise", n});
    }
    if (o.has("no-collectors")) {
        out.push_back("--no-collectors");
    }
    return out;
}

} // namespace xylem::allreduce
