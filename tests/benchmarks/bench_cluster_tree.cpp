// bench_cluster's parts inside the emulated hosts (bench_cluster.h): a tree node put on its host
// behind a delaying forwarder, and the front-end that starts and measures the 1-2-4 tree.

#include "core/gather/topology.h"
#include "core/tree/frontend.h"
#include "core/tree/hostport.h"
#include "tests/benchmarks/bench_cluster.h"
#include "tests/cluster/delaylink.h"

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <sched.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace xylem::bench::cluster {

using testing::DelayLink;
using Clock = std::chrono::steady_clock;

std::string selfPath()
{
    return std::filesystem::read_symlink("/proc/self/exe").string();
}

std::vector<std::pair<std::string, pid_t>> readHosts(const std::string& path)
{
    std::vector<std::pair<std::string, pid_t>> hosts;
    std::ifstream in(path);
    std::string address;
    pid_t pid = -1;
    while (in >> address >> pid) {
        hosts.emplace_back(address, pid);
    }
    return hosts;
}

namespace {

volatile pid_t g_node = -1;

void passOn(int signal)
{
    if (g_node > 0) {
        ::kill(g_node, signal);
    }
}

tree::StreamSpec stream(std::uint32_t id, const char* filter, tree::SourceSpec source)
{
    tree::StreamSpec spec;
    spec.id = id;
    spec.filter.name = filter;
    spec.source = std::move(source);
    return spec;
}

std::vector<double> roundTripsUs(tree::FrontEnd& fe, int waves)
{
    std::vector<double> us;
    if (!fe.openStream(stream(1, "sum", tree::SourceSpec{"node-number", {}}))) {
        return us;
    }
    for (int w = 0; w < waves; ++w) {
        const auto before = Clock::now();
        if (!fe.pull(1, 1, std::chrono::seconds(5)) || !fe.next(1, std::chrono::seconds(5))) {
            return {};
        }
        us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - before).count());
    }
    us.erase(us.begin(), us.begin() + waves / 10); // warm-up
    std::sort(us.begin(), us.end());
    return us;
}

double tuplesPerSecond(tree::FrontEnd& fe, int waves, std::int64_t perWave, int window)
{
    if (!fe.openStream(stream(3, "raw", tree::SourceSpec{"synthetic-tuples", {perWave}}))) {
        return -1;
    }
    std::uint64_t tuples = 0;
    const auto before = Clock::now();
    int pulled = 0;
    for (int taken = 0; taken < waves; ++taken) {
        for (; pulled < waves && pulled - taken < window; ++pulled) {
            if (!fe.pull(3, 1, std::chrono::seconds(10))) {
                return -1;
            }
        }
        auto wave = fe.next(3, std::chrono::seconds(10));
        if (!wave || !wave->missing.empty()) {
            return -1;
        }
        tuples += std::get<gather::Tuples>(wave->batch.content).tuples.size();
    }
    return static_cast<double>(tuples) /
           std::chrono::duration<double>(Clock::now() - before).count();
}

} // namespace

// ---- --launch HOST COMMAND...: one tree node onto its host -------------------------------------

int launchNode(const std::string& host, std::vector<std::string> command)
{
    const char* hostsFile = std::getenv(kHostsVar);
    const char* delayText = std::getenv(kForwardVar);
    std::map<std::string, pid_t> pids;
    for (const auto& [address, pid] : readHosts(hostsFile ? hostsFile : "")) {
        pids[address] = pid;
    }
    if (!pids.count(host) || !delayText || command.empty()) {
        std::fprintf(stderr, "bench_cluster --launch: no emulated host '%s' (%s unset?)\n",
                     host.c_str(), kHostsVar);
        return 126;
    }
    const std::string pid = std::to_string(pids[host]);
    std::unique_ptr<DelayLink> link;
    const auto parent = std::find(command.begin(), command.end(), "--parent");
    {
        // The node dials the forwarder on its own host's loopback; the forwarder dials the parent
        // across the switch, from the node's host (at 0 µs: the baseline's path, or netem's).
        const int delayUs = std::max(0, std::atoi(delayText));
        if (parent == command.end() || parent + 1 == command.end()) {
            std::fprintf(stderr, "bench_cluster --launch: no --parent in the node's command\n");
            return 126;
        }
        auto to = tree::parseHostPort(*(parent + 1));
        const int ns = ::open(("/proc/" + pid + "/ns/net").c_str(), O_RDONLY | O_CLOEXEC);
        if (!to || ns < 0 || ::setns(ns, CLONE_NEWNET) != 0) {
            std::fprintf(stderr, "bench_cluster --launch: cannot enter %s's network or read %s\n",
                         host.c_str(), (parent + 1)->c_str());
            return 126;
        }
        ::close(ns);
        auto made =
            DelayLink::start({"127.0.0.1", to->host, to->port, std::chrono::microseconds(delayUs),
                              4u << 20, std::chrono::milliseconds(5000)});
        if (!made) {
            std::fprintf(stderr, "bench_cluster --launch: %s\n", made.error().describe().c_str());
            return 126;
        }
        link = std::move(made).value();
        *(parent + 1) = "127.0.0.1:" + std::to_string(link->port());
    }
    const bool relay = std::filesystem::path(command[0]).filename() == "xylem-relay";
    std::vector<std::string> argv{XYLEM_HOSTEXEC,
                                  "--ns-of",
                                  pid,
                                  "--ns",
                                  relay ? "net,uts" : "net,uts,ipc,time,pid,mnt",
                                  "--"};
    argv.insert(argv.end(), command.begin(), command.end());
    std::vector<char*> args;
    for (std::string& a : argv) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) {
        ::signal(s, passOn);
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::execv(args[0], args.data()); // stdin (the token, then the lifeline) goes to the node
        ::_exit(127);
    }
    g_node = child;
    const int null = ::open("/dev/null", O_RDONLY);
    ::dup2(null, 0); // the node alone holds its lifeline
    ::close(null);
    int status = 0;
    while (child > 0 && ::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    if (link && std::getenv(kLinksVar)) {
        link->stop();
        std::ofstream(std::getenv(kLinksVar), std::ios::app)
            << "links " << link->connections() << " " << link->bytesForwarded() << "\n";
    }
    link.reset();
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// ---- --front-end HOSTS RESULT: the tree, measured from h0 --------------------------------------

int frontEnd(const std::string& hostsFile, const std::string& resultFile)
{
    // The harness holds our stdin open while it wants us: end with it, and the tree ends too.
    std::thread([] {
        char c;
        while (::read(0, &c, 1) > 0) {
        }
        std::fprintf(stderr, "front-end: the harness went away\n");
        ::_exit(3);
    }).detach();
    const auto hosts = readHosts(hostsFile);
    if (hosts.size() != kHosts) {
        std::fprintf(stderr, "front-end: %s names %zu hosts, not %d\n", hostsFile.c_str(),
                     hosts.size(), kHosts);
        return 1;
    }
    // 1-2-4: h0 front-end; h1, h2 relays; h3, h4 under h1 and h5, h6 under h2.
    std::vector<gather::TopologyNode> nodes;
    const int parents[kHosts] = {-1, 0, 0, 1, 1, 2, 2};
    for (int i = 0; i < kHosts; ++i) {
        nodes.push_back({hosts[i].first, 0, parents[i], {}, gather::NodeRole::Leaf});
    }
    gather::linkChildren(nodes);
    auto topology = gather::makeTopology(std::move(nodes));
    if (!topology) {
        std::fprintf(stderr, "front-end: %s\n", topology.error().describe().c_str());
        return 1;
    }
    tree::FrontEndOptions options;
    options.topology = topology.value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.launch.launcher = tree::shellQuote({selfPath()}) + " --launch {host} {command}";
    options.startTimeout = std::chrono::seconds(60);
    options.window = 256;
    options.log = [](const std::string& line) {
        std::fprintf(stderr, "tree: %s\n", line.c_str());
    };
    auto started = tree::FrontEnd::start(std::move(options));
    if (!started) {
        std::fprintf(stderr, "front-end: cannot start the tree: %s\n",
                     started.error().describe().c_str());
        return 1;
    }
    tree::FrontEnd& fe = *started.value();
    std::printf("tree up: %u nodes in %.1f ms, front-end at %s:%u\n", fe.startup().nodesUp,
                static_cast<double>(fe.startup().latency.count()) / 1000.0,
                fe.listenAddress().c_str(), fe.listenPort());
    if (!fe.startup().missing.empty()) {
        std::fprintf(stderr, "front-end: %zu nodes did not come up\n", fe.startup().missing.size());
        return 1;
    }
    std::ofstream result(resultFile);
    // The tree's own clock exchange: the smallest ping-pong per edge, summed along each path.
    if (auto clocks = fe.measureClocks(std::chrono::seconds(10))) {
        for (const tree::ClockOffset& c : clocks.value()) {
            if (fe.topology().nodes[c.node].role == gather::NodeRole::Leaf) {
                result << "pingpong_path_us " << 2.0 * static_cast<double>(c.errorNs) / 1000.0
                       << "\n";
            }
        }
    }
    const auto us = roundTripsUs(fe, 2000);
    if (us.empty()) {
        std::fprintf(stderr, "front-end: a round trip failed\n");
        return 1;
    }
    result << "roundtrip_us_min " << us.front() << "\nroundtrip_us_median " << us[us.size() / 2]
           << "\nroundtrip_us_p90 " << us[us.size() * 9 / 10] << "\n";
    const double tuples = tuplesPerSecond(fe, 300, 16384, 8);
    if (tuples <= 0) {
        std::fprintf(stderr, "front-end: the tuple stream failed\n");
        return 1;
    }
    result << "tuples_per_s " << tuples << "\n";
    result.close();
    fe.shutdown();
    return 0;
}

} // namespace xylem::bench::cluster
