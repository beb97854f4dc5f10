#include "core/record/gathertree.h"

#include "core/record/siblingprogram.h"

#include <set>

namespace xylem::record {

namespace {

// How often the collectors started here sample CPU, network and memory: four points a second,
// so that even a run of a second or two has a curve. Not every pull period (100 ms): sampling
// and storing the samples then took half of what monitoring cost a program with few calls —
// over 6 s of compute-gsum (4 hosts x 2 threads, load balance) the collectors used 90-140 ms
// of CPU and the front-end 60-70 ms at 100 ms, 70-90 and 40 ms at 250 ms, 50-70 and 20-40 ms
// at 1 s.
constexpr const char* kSamplePeriodMs = "250";

// The leaves that have not joined, and what their owners must run: the next step when the
// wait for attached collectors times out.
Error attachTimedOut(const tree::FrontEnd& tree, const std::set<std::uint32_t>& joined,
                     const std::string& addressFile, std::chrono::seconds timeout)
{
    const auto leaves = tree.topology().leaves();
    std::string missing;
    for (const std::uint32_t leaf : leaves) {
        if (!joined.contains(leaf)) {
            missing += (missing.empty() ? "" : ", ") + tree.topology().nodes[leaf].host;
        }
    }
    return makeError(ErrorCode::TimedOut,
                     std::to_string(leaves.size() - joined.size()) + " of " +
                         std::to_string(leaves.size()) + " collectors (" + missing +
                         ") did not attach within " + std::to_string(timeout.count()) +
                         " s: run 'xylem-collector --attach " + addressFile +
                         " --host H --ring-prefix P' on each of the program's nodes, then "
                         "record again",
                     addressFile);
}

} // namespace

Result<std::unique_ptr<tree::FrontEnd>>
startGatherTree(const RecordPlan& plan, const std::string& ringBase, const std::string& listen,
                std::function<void(const std::string&)> log)
{
    tree::FrontEndOptions options;
    if (log) {
        options.log = std::move(log);
    }
    options.topology = plan.topology;
    options.listen = listen;
    XYLEM_TRY(relay, findSiblingProgram("xylem-relay"));
    XYLEM_TRY(collector, findSiblingProgram("xylem-collector"));
    options.launch.relayExecutable = relay.value();
    options.launch.collectorExecutable = collector.value();
    options.launch.collectorArguments = {"--ring-prefix", ringBase + "{host}-", "--host",
                                         "{host}",        "--sample-period-ms", kSamplePeriodMs};
    options.launch.leavesAttach = !plan.attachFile.empty();
    options.launch.launcher = plan.launcher; // "" unless --hostfile
    options.addressFile = plan.attachFile;
    options.startTimeout = kRecordStartTimeout;
    XYLEM_TRY(tree, tree::FrontEnd::start(std::move(options)));
    if (const auto& missing = tree.value()->startup().missing; !missing.empty()) {
        return makeError(ErrorCode::IoError,
                         "the gather tree started without " + nodeNames(plan.topology, missing));
    }
    return std::move(tree).value();
}

Result<Ok> awaitAttachedLeaves(tree::FrontEnd& tree, const std::string& addressFile,
                               std::chrono::seconds timeout, const StopFlag& stop)
{
    const auto leaves = tree.topology().leaves();
    std::set<std::uint32_t> joined;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (joined.size() < leaves.size()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return attachTimedOut(tree, joined, addressFile, timeout);
        }
        for (const tree::TreeEvent& e : tree.takeEvents()) {
            if (e.kind == tree::TreeEvent::Kind::Joined) {
                joined.insert(e.nodes.begin(), e.nodes.end());
            }
        }
        if (stop.waitUntil(std::chrono::steady_clock::now() + std::chrono::milliseconds(20))) {
            return makeError(ErrorCode::TimedOut,
                             "stopped while waiting for the collectors to attach", addressFile);
        }
    }
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

} // namespace xylem::record
