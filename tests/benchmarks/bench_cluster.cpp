// The gather tree across emulated hosts (issue 19, item 8; performance.md "across emulated
// hosts"): a 1-2-4 tree on 7 network-namespace hosts of tests/cluster (front-end on h0, relays on
// h1 and h2, collectors on h3..h6), every link with 100 µs of delay each way. Figures:
//   cluster_tuples_per_s         raw tuples into the front-end (each collector sends 16 Ki
//                                synthetic tuples per wave, 8 waves in flight), as
//                                gather_tuples_per_s does on loopback
//   cluster_roundtrip_us_median  one broadcast + reduction wave at a time: the front-end's pull
//                                goes down through a relay to every collector and their sum
//                                comes back up, front-end -> leaf -> front-end, 4 links crossed
// The delay is tc netem on every host's eth0 where the kernel has netem, else a delaying TCP
// forwarder (tests/cluster/delaylink.h) at the child's end of every edge; the output says which.
// First the same tree without delay (forwarders at 0 µs: what the emulation itself costs), then
// with it. The delay was not there if a round trip took under 4 × 100 µs or, with forwarders, an
// edge's forwarder carried nothing (its node dialled around it): the benchmark then prints no
// figure and ends with 1.
//
// One binary, three parts: the harness (no arguments) makes the cluster and runs the front-end
// part in h0's network and UTS namespaces (`--front-end`), which starts the tree with this
// binary as its launcher (`--launch HOST COMMAND...`): it puts the node on its host with
// xylem-hostexec, behind a forwarder (at 0 µs when netem delays). Relays keep this machine's pid
// and mount namespaces (they launch their collectors the same way, which needs the hosts' init
// pids); collectors enter all of their host's namespaces. Hosts are named by address in the
// topology: /etc/hosts of this machine does not know h1.
//
// The parts inside the hosts are in bench_cluster_tree.cpp.
//
// Needs root and what tests/cluster needs; without them it says why and prints no figure.

#include "tests/benchmarks/bench_cluster.h"

#include "tests/benchmarks/benchharness.h"
#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"
#include "tests/support/processtree.h"
#include "tests/support/waituntil.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace xylem;
using namespace xylem::testing;
using namespace xylem::bench::cluster;
using Clock = std::chrono::steady_clock;

namespace {

// ---- the harness: the cluster, the front-end part on h0, the figures ---------------------------

std::map<std::string, std::vector<double>> readFigures(const std::string& path)
{
    std::map<std::string, std::vector<double>> values;
    std::ifstream in(path);
    std::string name;
    double value = 0;
    while (in >> name >> value) {
        values[name].push_back(value);
    }
    return values;
}

std::string firstLine(const std::string& text)
{
    return text.substr(0, text.find('\n'));
}

// netem on every host's eth0 when the kernel has it: the reason it has not otherwise.
std::string tryNetem(EmulatedCluster& cluster, bool& netem)
{
    const std::string tc = std::filesystem::exists("/usr/sbin/tc") ? "/usr/sbin/tc" : "tc";
    netem = false;
    for (const EmulatedHostSpec& host : cluster.hosts()) {
        auto added = cluster.run(host.name, {tc, "qdisc", "add", "dev", "eth0", "root", "netem",
                                             "delay", std::to_string(kDelayUs) + "us"});
        if (!added) {
            return host.name + ": " + firstLine(added.error().describe());
        }
    }
    netem = true;
    return {};
}

using Figures = std::map<std::string, std::vector<double>>;

// One tree on the cluster, measured by the front-end part on h0, forwarders at forwardUs.
// The result's "link_connections"/"link_bytes" are each forwarder's, as its launcher saw them.
Result<Figures> runTree(EmulatedCluster& cluster, const std::string& dir, int forwardUs)
{
    const std::string hostsFile = dir + "/hosts.pids";
    const std::string links = dir + "/links" + std::to_string(forwardUs) + ".txt";
    const std::string log = dir + "/front-end.log", resultFile = dir + "/result.txt";
    {
        std::ofstream out(hostsFile);
        for (const EmulatedHostSpec& host : cluster.hosts()) {
            out << cluster.address(host.name) << " " << cluster.initPid(host.name) << "\n";
        }
    }
    int lifeline[2];
    const int logFd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (logFd < 0 || ::pipe2(lifeline, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError, "cannot open " + log + " or a pipe");
    }
    ChildPlan plan;
    plan.argv = {XYLEM_HOSTEXEC, "--ns-of",     std::to_string(cluster.initPid("h0")),
                 "--ns",         "net,uts",     "--",
                 selfPath(),     "--front-end", hostsFile,
                 resultFile};
    plan.extraEnv = {std::string(kHostsVar) + "=" + hostsFile,
                     std::string(kForwardVar) + "=" + std::to_string(forwardUs),
                     std::string(kLinksVar) + "=" + links};
    plan.stdinFd = lifeline[0];
    plan.stdoutFd = logFd;
    auto fe = spawnChild(plan);
    ::close(lifeline[0]);
    ::close(logFd);
    std::optional<int> status;
    if (fe) {
        status = waitChild(fe.value(), std::chrono::minutes(3));
        if (!status) {
            killChild(fe.value());
        }
    }
    ::close(lifeline[1]); // the tree goes with it
    if (!status || !WIFEXITED(*status) || WEXITSTATUS(*status) != 0) {
        return makeError(ErrorCode::IoError,
                         "the front-end part failed (" +
                             (status ? describeStatus(*status) : "no end within 3 min") + "):\n" +
                             tailOfFile(log));
    }
    Figures r = readFigures(resultFile);
    for (const char* key : {"roundtrip_us_median", "roundtrip_us_min", "tuples_per_s"}) {
        if (r[key].size() != 1) {
            return makeError(ErrorCode::Corrupt,
                             std::string(key) + " is missing from " + resultFile);
        }
    }
    std::ifstream logText(log);
    for (std::string line; std::getline(logText, line);) {
        if (line.rfind("tree up", 0) == 0) {
            std::printf("  %s\n", line.c_str());
        }
    }
    // Each launcher that ran a forwarder appends "links CONNECTIONS BYTES" as it ends, which
    // may be after the front-end part (a relay's collectors leave after the relay answered).
    const auto lines = [&] {
        std::ifstream in(links);
        return std::count(std::istreambuf_iterator<char>(in), {}, '\n');
    };
    waitUntil([&] { return lines() >= kHosts - 1; }, std::chrono::seconds(10));
    std::ifstream linkText(links);
    std::string word;
    for (double c = 0, b = 0; linkText >> word >> c >> b;) {
        r["link_connections"].push_back(c);
        r["link_bytes"].push_back(b);
    }
    return r;
}

void describe(const Figures& r)
{
    std::printf("  broadcast + reduction round trip (front-end -> relay -> collector and back, 4 "
                "links): min %.1f us, median %.1f us\n  the tree's clock ping-pong, smallest per "
                "edge summed over each collector's 2 edges:",
                r.at("roundtrip_us_min")[0], r.at("roundtrip_us_median")[0]);
    for (const double us :
         r.count("pingpong_path_us") ? r.at("pingpong_path_us") : Figures::mapped_type{}) {
        std::printf(" %.1f", us);
    }
    std::printf(" us\n  raw tuples into the front-end (16 Ki per collector per wave, 8 waves in "
                "flight): %.3g tuples/s\n",
                r.at("tuples_per_s")[0]);
}

int measure(const std::string& dir)
{
    auto made = EmulatedCluster::create(ClusterSpec::ofSize(kHosts), dir);
    if (!made) {
        std::printf("bench_cluster: cannot make the cluster: %s\n",
                    made.error().describe().c_str());
        return 1;
    }
    EmulatedCluster& cluster = *made.value();
    // The baseline: the same hosts, tree and path (forwarders at 0 us) with no delay.
    bool netem = false;
    std::printf("1-2-4 on 7 emulated hosts, without delay (the baseline):\n");
    auto baseline = runTree(cluster, dir, 0);
    if (!baseline) {
        std::printf("bench_cluster: %s\n", baseline.error().describe().c_str());
        return 1;
    }
    describe(baseline.value());
    const std::string noNetem = tryNetem(cluster, netem);
    if (netem) {
        std::printf("link delay: netem (tc qdisc netem delay %d us on every host's eth0)\n",
                    kDelayUs);
    } else {
        std::printf("link delay: forwarder (tests/cluster/delaylink, %d us each way at the "
                    "child's end of every edge; no netem here: %s)\n",
                    kDelayUs, noNetem.c_str());
    }
    std::printf("1-2-4 on 7 emulated hosts, %d us per link:\n", kDelayUs);
    // With netem the forwarders stay, at 0 µs: the path is the baseline's, the delay netem's.
    auto delayed = runTree(cluster, dir, netem ? 0 : kDelayUs);
    cluster.teardown();
    if (!delayed) {
        std::printf("bench_cluster: %s\n", delayed.error().describe().c_str());
        return 1;
    }
    Figures& r = delayed.value();
    describe(r);
    // The delay was there: no wave came back before 4 links' delay, and every edge's forwarder
    // carried the tree's traffic (a node that dialled its parent directly would leave its
    // forwarder idle and, without netem, its link undelayed).
    const auto& bytes = r["link_bytes"];
    const bool everyEdge = bytes.size() == kHosts - 1 &&
                           std::all_of(bytes.begin(), bytes.end(), [](double b) { return b > 0; });
    if (r["roundtrip_us_min"][0] < 4 * kDelayUs || !everyEdge) {
        std::printf("bench_cluster: FAILED: the delay was not applied: a round trip crosses 4 "
                    "links of %d us each way and cannot take less than %d us (the fastest took "
                    "%.1f us); %zu of %d edges went through a forwarder that carried data\n",
                    kDelayUs, 4 * kDelayUs, r["roundtrip_us_min"][0],
                    static_cast<std::size_t>(
                        std::count_if(bytes.begin(), bytes.end(), [](double b) { return b > 0; })),
                    kHosts - 1);
        return 1; // and no figure: it would not be the figure of delayed links
    }
    xylem::bench::printFigure("cluster_tuples_per_s", r["tuples_per_s"][0], "1/s");
    xylem::bench::printFigure("cluster_roundtrip_us_median", r["roundtrip_us_median"][0], "us");
    return 0;
}

// What the tree leaves ends by itself once the front-end part and the hosts are gone (lifelines,
// Shutdown); orphans come to us (we are their subreaper) and are reaped here. Whatever still runs
// after 10 s is killed by pid and named: a leftover is a fault, not a figure.
void reapDescendants()
{
    const auto alive = [] {
        while (::waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        std::vector<ProcessId> left;
        for (const ProcessId& p : descendantsOf(::getpid())) {
            if (isRunning(p)) {
                left.push_back(p);
            }
        }
        return left;
    };
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (!alive().empty() && Clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (int round = 0; round < 20; ++round) {
        const auto left = alive();
        if (left.empty()) {
            return;
        }
        for (const ProcessId& p : left) {
            std::printf("bench_cluster: still running after 10 s, killed: %s\n",
                        describeProcess(p.pid).c_str());
            ::kill(p.pid, SIGKILL);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

int runHarness()
{
    if (::geteuid() != 0) {
        std::printf("bench_cluster: skipped: emulated hosts need root\n");
        return 0;
    }
    if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
        std::printf("bench_cluster: skipped: %s\n", why.c_str());
        return 0;
    }
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    const char* tmp = std::getenv("TMPDIR");
    std::string dir = std::string(tmp && *tmp ? tmp : "/tmp") + "/xylem-bench-cluster-XXXXXX";
    if (!::mkdtemp(dir.data())) {
        std::printf("bench_cluster: cannot make a folder in %s\n", tmp ? tmp : "/tmp");
        return 1;
    }
    const int rc = measure(dir);
    reapDescendants();
    std::error_code ignored;
    std::filesystem::remove_all(dir, ignored);
    return rc;
}

} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() >= 3 && args[0] == "--launch") {
        return launchNode(args[1], {args.begin() + 2, args.end()});
    }
    if (args.size() == 3 && args[0] == "--front-end") {
        return frontEnd(args[1], args[2]);
    }
    if (!args.empty()) {
        std::fprintf(stderr, "usage: bench_cluster (as root)\n");
        return 2;
    }
    return runHarness();
}
