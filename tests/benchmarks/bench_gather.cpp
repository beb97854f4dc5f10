// The gather tree on loopback, MRNet's Fig. 5 on this machine (performance.md): start-up
// latency against the number of leaves (flat and multi-level), the broadcast + reduction round
// trip through 1-4-16 and 1-8-64, pipelined waves per second, and tuples per second into the
// front-end through 1-4-16. Every node is a real process (xylem-relay, xylem-collector).

#include "core/gather/topology.h"
#include "core/tree/frontend.h"
#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::tree;
using Clock = std::chrono::steady_clock;

namespace {

std::unique_ptr<FrontEnd> start(const std::vector<std::uint32_t>& levels)
{
    FrontEndOptions options;
    options.topology = gather::levelTopology(levels, "localhost").value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.startTimeout = std::chrono::seconds(60);
    options.window = 256;
    auto tree = FrontEnd::start(std::move(options));
    if (!tree) {
        std::printf("cannot start the tree: %s\n", tree.error().describe().c_str());
        return nullptr;
    }
    return std::move(tree).value();
}

std::string shape(const std::vector<std::uint32_t>& levels)
{
    std::string s = "1";
    for (const auto n : levels) {
        s += "-" + std::to_string(n);
    }
    return s;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// Median start-up over `repeats` trees, in ms (-1 if a start failed).
double startupMs(const std::vector<std::uint32_t>& levels, int repeats)
{
    std::vector<double> ms;
    for (int r = 0; r < repeats; ++r) {
        auto tree = start(levels);
        if (!tree || !tree->startup().missing.empty()) {
            return -1;
        }
        ms.push_back(static_cast<double>(tree->startup().latency.count()) / 1000.0);
    }
    return median(ms);
}

StreamSpec sumStream(std::uint32_t id)
{
    StreamSpec spec;
    spec.id = id;
    spec.filter.name = "sum";
    spec.source.name = "node-number";
    return spec;
}

// Median µs from pull to the reduced wave at the front-end, one wave at a time.
double roundTripUs(FrontEnd& tree, int waves)
{
    if (!tree.openStream(sumStream(1))) {
        return -1;
    }
    std::vector<double> us;
    for (int w = 0; w < waves; ++w) {
        const auto before = Clock::now();
        if (!tree.pull(1, 1, std::chrono::seconds(5)) || !tree.next(1, std::chrono::seconds(5))) {
            return -1;
        }
        us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - before).count());
    }
    us.erase(us.begin(), us.begin() + waves / 10); // warm-up
    return median(us);
}

// Reductions per second with up to `window` waves in flight.
double wavesPerSecond(FrontEnd& tree, int waves, std::uint32_t window)
{
    if (!tree.openStream(sumStream(2))) {
        return -1;
    }
    const auto before = Clock::now();
    int pulled = 0;
    for (int taken = 0; taken < waves; ++taken) {
        while (pulled < waves && pulled - taken < static_cast<int>(window)) {
            if (!tree.pull(2, 1, std::chrono::seconds(5))) {
                return -1;
            }
            ++pulled;
        }
        if (!tree.next(2, std::chrono::seconds(5))) {
            return -1;
        }
    }
    return waves / std::chrono::duration<double>(Clock::now() - before).count();
}

// Raw tuples per second into the front-end: every leaf sends `perWave` tuples per wave.
double tuplesPerSecond(FrontEnd& tree, int waves, std::int64_t perWave, std::uint32_t window)
{
    StreamSpec spec;
    spec.id = 3;
    spec.filter.name = "raw";
    spec.source = SourceSpec{"synthetic-tuples", {perWave}};
    if (!tree.openStream(spec)) {
        return -1;
    }
    std::uint64_t tuples = 0;
    const auto before = Clock::now();
    int pulled = 0;
    for (int taken = 0; taken < waves; ++taken) {
        while (pulled < waves && pulled - taken < static_cast<int>(window)) {
            if (!tree.pull(3, 1, std::chrono::seconds(10))) {
                return -1;
            }
            ++pulled;
        }
        auto wave = tree.next(3, std::chrono::seconds(10));
        if (!wave) {
            return -1;
        }
        tuples += std::get<gather::Tuples>(wave->batch.content).tuples.size();
    }
    return static_cast<double>(tuples) /
           std::chrono::duration<double>(Clock::now() - before).count();
}

} // namespace

int main()
{
    std::printf("start-up latency on localhost (median of 3):\n  leaves  flat      multi-level\n");
    const std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> sizes{
        {16, {4, 16}}, {64, {8, 64}}, {128, {8, 128}}, {256, {16, 256}}, {512, {8, 64, 512}}};
    double ms64 = -1, ms512 = -1;
    for (const auto& [leaves, levels] : sizes) {
        const double flat = leaves <= 128 ? startupMs({leaves}, 3) : -1;
        const double tree = startupMs(levels, 3);
        std::printf("  %6u  %8.1f  %8.1f ms (%s)\n", leaves, flat, tree, shape(levels).c_str());
        ms64 = leaves == 64 ? tree : ms64;
        ms512 = leaves == 512 ? tree : ms512;
    }
    xylem::bench::printFigure("startup_ms_64", ms64, "ms");
    xylem::bench::printFigure("startup_ms_512", ms512, "ms");

    for (const auto& levels :
         {std::vector<std::uint32_t>{4, 16}, std::vector<std::uint32_t>{8, 64}}) {
        auto tree = start(levels);
        if (!tree) {
            continue;
        }
        const double us = roundTripUs(*tree, 2000);
        std::printf("broadcast + reduction round trip through %s: median %.1f us\n",
                    shape(levels).c_str(), us);
        xylem::bench::printFigure(
            ("roundtrip_us_median_" + std::string(levels.front() == 4 ? "1_4_16" : "1_8_64"))
                .c_str(),
            us, "us");
        if (levels.front() == 4) {
            const double rate = wavesPerSecond(*tree, 20000, 64);
            std::printf("pipelined reductions through 1-4-16 (64 in flight): %.0f waves/s\n", rate);
            xylem::bench::printFigure("waves_per_s", rate, "1/s");
            const double tuples = tuplesPerSecond(*tree, 400, 16384, 8);
            std::printf("raw tuples into the front-end through 1-4-16 (16 Ki per leaf per wave, 8 "
                        "waves in flight): "
                        "%.3g tuples/s\n",
                        tuples);
            xylem::bench::printFigure("gather_tuples_per_s", tuples, "1/s");
        }
    }
    return 0;
}
