#include "collectors/allreduce/gsum/gsumoptions.h"

#include "collectors/nodelog/nodelog.h"
#include "core/model/configurationjson.h"
#include "core/model/secretfile.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>

namespace xylem::allreduce {

namespace {

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

int gsumFail(const std::string& message, int code)
{
    nodelog::Log("xylem-gsum").error(message);
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
                             "listen", "interleave", "compute-us", "start-timeout", "adapt",
                             "adapt-block", "adapt-rounds"}) {
        if (o.has(name)) {
            out.insert(out.end(), {std::string("--") + name, o.get(name)});
        }
    }
    for (const std::string& n : o.all("noise")) {
        out.insert(out.end(), {"--noise", n});
    }
    for (const char* flag : {"no-collectors", "verbose", "quiet"}) { // the hosts log alike
        if (o.has(flag)) {
            out.push_back(std::string("--") + flag);
        }
    }
    return out;
}

} // namespace xylem::allreduce
