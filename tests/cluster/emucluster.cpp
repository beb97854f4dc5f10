// xylem-emucluster up N [--offsets S,S,...] [--subnet S]: N emulated hosts (h0 .. h(N-1)) for a
// person to try Xylem across hosts on one machine. Prints each host's address and init pid and
// how to run a command on it, then "ready"; stays up until stdin ends (Ctrl-D) or SIGTERM,
// SIGINT or SIGHUP, then takes every host down and removes its folder. Killed outright, it still
// leaves no host behind: each host's init ends when its lifeline from here breaks.

#include "tests/cluster/emulatedcluster.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <poll.h>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace xylem::testing;

namespace {

volatile std::sig_atomic_t g_stop = 0;

void onStop(int)
{
    g_stop = 1;
}

int usage()
{
    std::fprintf(stderr, "usage: xylem-emucluster up N [--offsets S,S,...] [--subnet S]\n"
                         "  N hosts h0 .. h(N-1); --offsets: seconds added to each host's "
                         "CLOCK_MONOTONIC\n");
    return 2;
}

bool parse(int argc, char** argv, ClusterSpec& spec)
{
    if (argc < 3 || std::string(argv[1]) != "up" || std::atoi(argv[2]) < 1) {
        return false;
    }
    std::vector<std::int64_t> offsets;
    for (int i = 3; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        if (key == "--offsets") {
            std::istringstream in(argv[i + 1]);
            for (std::string item; std::getline(in, item, ',');) {
                offsets.push_back(std::atoll(item.c_str()));
            }
        } else if (key == "--subnet") {
            spec.subnet = std::atoi(argv[i + 1]);
        } else {
            return false;
        }
    }
    const int subnet = spec.subnet;
    spec = ClusterSpec::ofSize(std::atoi(argv[2]), offsets);
    spec.subnet = subnet;
    return argc % 2 == 1;
}

void describe(const EmulatedCluster& cluster)
{
    std::printf("subnet %s\n", cluster.subnet().c_str());
    std::printf("switch init %d\n", cluster.switchPid());
    for (const EmulatedHostSpec& h : cluster.hosts()) {
        std::printf("host %s address %s init %d monotonic_offset_s %lld\n", h.name.c_str(),
                    cluster.address(h.name).c_str(), cluster.initPid(h.name),
                    static_cast<long long>(h.monotonicOffsetS));
    }
    std::string enter;
    for (const std::string& word : cluster.enter(cluster.hosts().front().name, {"bash"})) {
        enter += word + " ";
    }
    std::printf("run a shell on %s: %s\n", cluster.hosts().front().name.c_str(), enter.c_str());
    std::printf("ready\n");
    std::fflush(stdout);
}

// Until stdin ends or a stop signal comes (held back but in ppoll, so none is missed).
void waitForTheEnd()
{
    sigset_t held;
    sigemptyset(&held);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) {
        sigaddset(&held, s);
        struct sigaction action
        {
        };
        action.sa_handler = onStop;
        ::sigaction(s, &action, nullptr);
    }
    ::sigprocmask(SIG_BLOCK, &held, nullptr);
    sigset_t open;
    sigemptyset(&open);
    while (!g_stop) {
        pollfd p{STDIN_FILENO, POLLIN, 0};
        if (::ppoll(&p, 1, nullptr, &open) > 0) {
            char buffer[256];
            const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
                return;
            }
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    ClusterSpec spec;
    if (!parse(argc, argv, spec)) {
        return usage();
    }
    if (const std::string why = EmulatedCluster::unavailableReason(); !why.empty()) {
        std::fprintf(stderr, "xylem-emucluster: cannot make hosts here: %s\n", why.c_str());
        return 1;
    }
    const char* base = std::getenv("TMPDIR");
    std::string work = std::string(base && *base ? base : "/tmp") + "/xylem-emucluster-XXXXXX";
    if (!::mkdtemp(work.data())) {
        std::perror("xylem-emucluster: cannot make a folder");
        return 1;
    }
    int rc = 0;
    {
        auto cluster = EmulatedCluster::create(spec, work);
        if (!cluster) {
            std::fprintf(stderr, "xylem-emucluster: %s\n", cluster.error().describe().c_str());
            rc = 1;
        } else {
            std::printf("folder %s\n", work.c_str());
            describe(*cluster.value());
            waitForTheEnd();
        }
    } // the cluster goes down here
    std::error_code ec;
    std::filesystem::remove_all(work, ec);
    std::printf("down\n");
    return rc;
}
