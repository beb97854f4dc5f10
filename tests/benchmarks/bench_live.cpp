// The EventSpace paper's Tables 1-3 on this machine: for gsum and compute-gsum (100 us of
// computing per iteration) on 4 hosts x 2 threads, the slowdown and the gather rate with
// collectors only, the load-balance monitor with a single scope (sequential and parallel
// gathering), the distributed load-balance monitor, the statistics monitor and raw tracing,
// and the monitors that do the most work coscheduled (after-send, after-release).
//
// Each row is one `xylem-cli record` whose program alternates blocks of calls with the monitor
// gathering and with it paused (record --interleave: same processes, sockets, tree, scope):
// in a paused block nothing is recorded and the collectors do no work for the program's rings
// (the rings' monitorPaused word, ringlayout.h), so every cost of monitoring — recording,
// reading, filtering, sending, the front-end's work — falls in the gathering blocks, apart from
// what the front-end still does with the last wave of a block after it ended (blocks are long,
// several pull periods, to keep that small). The figure is the median over block pairs (one
// paused, the next gathering) of the slowdown within the pair; separate launches on two cores
// differ by -30 .. +20 % from one another, pairs a few hundred milliseconds apart do not.
//
// Beside each row: the gather rate (tuples read before they were overwritten), and the CPU
// time the collectors (and relays) and the front-end used per tuple read from the rings, from
// /proc/PID/stat of the front-end and the collector processes it started.

#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

struct Row
{
    const char* name;
    const char* slug;  // in figure names
    const char* scope; // xylem-scope/1 without the format and the name
};

const Row kRows[] = {
    {"collectors only", "collectors", R"("monitors": [])"},
    {"load balance, sequential", "lb_seq",
     R"("monitors": ["load-balance"], "gathering": "sequential")"},
    {"load balance, parallel", "lb_par",
     R"("monitors": ["load-balance"], "gathering": "parallel")"},
    {"load balance, distributed", "lb_dist", R"("monitors": ["load-balance-distributed"])"},
    {"statistics", "stats", R"("monitors": ["statistics"])"},
    {"raw tracing", "raw", R"("monitors": ["raw"])"},
    {"load balance par., after-send", "lb_par_after_send",
     R"("monitors": ["load-balance"], "gathering": "parallel", "coschedule": "after-send")"},
    {"load balance par., after-release", "lb_par_after_release",
     R"("monitors": ["load-balance"], "gathering": "parallel", "coschedule": "after-release")"},
    {"statistics, after-send", "stats_after_send",
     R"("monitors": ["statistics"], "coschedule": "after-send")"},
    {"statistics, after-release", "stats_after_release",
     R"("monitors": ["statistics"], "coschedule": "after-release")"},
    {"raw tracing, after-send", "raw_after_send",
     R"("monitors": ["raw"], "coschedule": "after-send")"},
    {"raw tracing, after-release", "raw_after_release",
     R"("monitors": ["raw"], "coschedule": "after-release")"},
};

struct Outcome
{
    bool ok = false;
    double pairPct = 0;
    long long pairs = 0;
    double gatherRatePct = -1; // -1: none (collectors only read nothing)
    unsigned long long written = 0, overwritten = 0;
    double collectorCpuS = 0, frontEndCpuS = 0;
};

// utime + stime of a process, in seconds, with its parent and name; false when it is gone.
bool readStat(int pid, int& parent, std::string& comm, double& cpuS)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) {
        return false;
    }
    comm = stat.substr(open + 1, close - open - 1);
    std::istringstream fields(stat.substr(close + 2));
    std::string f;
    unsigned long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && fields >> f; ++i) {
        if (i == 4) {
            parent = std::atoi(f.c_str());
        } else if (i == 14) {
            utime = std::strtoull(f.c_str(), nullptr, 10);
        } else if (i == 15) {
            stime = std::strtoull(f.c_str(), nullptr, 10);
        }
    }
    cpuS = static_cast<double>(utime + stime) / static_cast<double>(::sysconf(_SC_CLK_TCK));
    return true;
}

// The front-end and its descendants, sampled until stopped: each process's last CPU time seen.
class CpuWatch
{
public:
    explicit CpuWatch(int frontEnd)
        : m_frontEnd(frontEnd)
        , m_thread([this] { run(); })
    {
    }
    ~CpuWatch() { stop(); }
    void stop()
    {
        m_stop = true;
        if (m_thread.joinable()) {
            m_thread.join();
        }
    }
    // Collectors and relays (the gather tree's processes), and the front-end itself.
    void totals(double& collectors, double& frontEnd) const
    {
        collectors = frontEnd = 0;
        for (const auto& [pid, seen] : m_seen) {
            if (pid == m_frontEnd) {
                frontEnd += seen.second;
            } else if (seen.first.starts_with("xylem-collecto") ||
                       seen.first.starts_with("xylem-relay")) {
                collectors += seen.second;
            }
        }
    }

private:
    void sample()
    {
        std::map<int, std::pair<int, std::string>> all; // pid: parent, name
        std::map<int, double> cpu;
        DIR* proc = ::opendir("/proc");
        while (dirent* e = proc ? ::readdir(proc) : nullptr) {
            const int pid = std::atoi(e->d_name);
            int parent = 0;
            std::string comm;
            double s = 0;
            if (pid > 0 && readStat(pid, parent, comm, s)) {
                all[pid] = {parent, comm};
                cpu[pid] = s;
            }
        }
        if (proc) {
            ::closedir(proc);
        }
        for (const auto& [pid, info] : all) {
            bool mine = pid == m_frontEnd;
            for (int up = info.first, hops = 0; !mine && up > 1 && hops < 16; ++hops) {
                mine = up == m_frontEnd;
                up = all.count(up) ? all[up].first : 0;
            }
            if (mine) {
                m_seen[pid] = {info.second, cpu[pid]};
            }
        }
    }
    void run()
    {
        while (!m_stop) {
            sample();
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    }

    int m_frontEnd;
    std::atomic<bool> m_stop{false};
    std::map<int, std::pair<std::string, double>> m_seen; // pid: name, CPU seconds
    std::thread m_thread;
};

// Runs a command with extra environment, returns its exit status and its stdout.
int runCommand(const std::vector<std::string>& argv, const std::vector<std::string>& extraEnv,
               std::string& output, CpuWatch** watch = nullptr)
{
    int pipeFds[2];
    if (::pipe(pipeFds) != 0) {
        return -1;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, pipeFds[0]);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    std::vector<std::string> env(extraEnv);
    for (char** e = environ; *e; ++e) {
        env.emplace_back(*e);
    }
    std::vector<char*> envp, args;
    for (auto& e : env) {
        envp.push_back(e.data());
    }
    envp.push_back(nullptr);
    std::vector<std::string> argvCopy(argv);
    for (auto& a : argvCopy) {
        args.push_back(a.data());
    }
    args.push_back(nullptr);
    pid_t pid = 0;
    const int spawned = ::posix_spawn(&pid, args[0], &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFds[1]);
    if (spawned != 0) {
        ::close(pipeFds[0]);
        return -1;
    }
    CpuWatch* w = watch ? new CpuWatch(pid) : nullptr;
    char buffer[4096];
    for (ssize_t n; (n = ::read(pipeFds[0], buffer, sizeof buffer)) > 0;) {
        output.append(buffer, static_cast<size_t>(n));
    }
    ::close(pipeFds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (w) {
        w->stop();
        *watch = w;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::vector<std::string> benchmarkArgs(const std::string& benchmark)
{
    std::vector<std::string> a{"--hosts", "4", "--threads", "2", "--benchmark", benchmark};
    if (benchmark == "compute-gsum") {
        a.insert(a.end(), {"--compute-us", "100"});
    }
    return a;
}

// The program's time per iteration without collectors, to size the blocks.
double iterationUs(const std::string& benchmark)
{
    std::vector<std::string> argv{XYLEM_GSUM, "launch", "--iterations", "3000", "--no-collectors"};
    const auto more = benchmarkArgs(benchmark);
    argv.insert(argv.end(), more.begin(), more.end());
    std::string out;
    if (runCommand(argv, {}, out) != 0) {
        return -1;
    }
    const char* at = std::strstr(out.c_str(), "calls: ");
    double us = -1;
    return at && std::sscanf(at, "calls: %lf us per iteration", &us) == 1 ? us : -1;
}

Outcome recordOnce(const std::string& benchmark, const Row& row, long long block, int pairs)
{
    const std::string base = "/tmp/xylem-bench-live-" + std::to_string(::getpid());
    const std::string scopeFile = base + ".scope.json", session = base + ".xylem";
    std::ofstream(scopeFile) << R"({"format": "xylem-scope/1", "name": ")" << row.name << "\", "
                             << row.scope << "}";
    std::vector<std::string> argv{XYLEM_CLI,      "record",
                                  "--iterations", std::to_string(2 * pairs * block),
                                  "--interleave", std::to_string(block),
                                  "--scope",      scopeFile,
                                  "-o",           session};
    const auto more = benchmarkArgs(benchmark);
    argv.insert(argv.end(), more.begin(), more.end());
    std::string out;
    CpuWatch* watch = nullptr;
    const int code = runCommand(argv, {}, out, &watch);
    std::remove(scopeFile.c_str());
    std::remove(session.c_str());
    Outcome o;
    if (watch) {
        watch->totals(o.collectorCpuS, o.frontEndCpuS);
        delete watch;
    }
    std::istringstream lines(out);
    bool paired = false;
    for (std::string line; std::getline(lines, line);) {
        if (const char* at = std::strstr(line.c_str(), "median of ")) {
            paired =
                std::sscanf(at, "median of %lld block pairs %lf %%", &o.pairs, &o.pairPct) == 2;
        }
        if (line.find("complete calls") != std::string::npos) {
            if (const char* at = std::strstr(line.c_str(), "gather rate ")) {
                if (std::sscanf(at, "gather rate %lf %%", &o.gatherRatePct) != 1) {
                    o.gatherRatePct = -1;
                }
            }
            if (const char* at = std::strrchr(line.c_str(), '(')) {
                (void)std::sscanf(at, "(%llu overwritten of %llu written)", &o.overwritten,
                                  &o.written);
            }
        }
    }
    o.ok = code == 0 && paired;
    if (!o.ok) {
        std::printf("  (%s: the recording failed, exit %d)\n", row.name, code);
    }
    return o;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? -1 : v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    const int launches = argc > 1 ? std::max(1, std::atoi(argv[1])) : 1;
    const int pairs = argc > 2 ? std::max(2, std::atoi(argv[2])) : 10;
    const double blockMs = argc > 3 ? std::atof(argv[3]) : 400;
    struct Benchmark
    {
        const char* name;
        const char* figure;
    };
    for (const Benchmark b : {Benchmark{"gsum", "gsum_overhead_pct"},
                              Benchmark{"compute-gsum", "compute_gsum_overhead_pct"}}) {
        const double us = iterationUs(b.name);
        if (us <= 0) {
            std::printf("%s: the run without collectors failed, no figures\n", b.name);
            continue;
        }
        const long long block = std::max(50LL, static_cast<long long>(blockMs * 1000 / us));
        std::printf("%s, 4 hosts x 2 threads, %.2f us per iteration without collectors: blocks "
                    "of %lld calls (~%.0f ms), %d pairs per launch, medians over %d launch(es)\n",
                    b.name, us, block, blockMs, pairs, launches);
        std::printf("  %-34s %10s %12s %14s %14s\n", "monitor", "overhead", "gather rate",
                    "collector CPU", "front-end CPU");
        for (const Row& row : kRows) {
            std::vector<double> pct, rate, collectorNs, frontNs;
            for (int l = 0; l < launches; ++l) {
                const Outcome o = recordOnce(b.name, row, block, pairs);
                if (!o.ok) {
                    continue;
                }
                pct.push_back(o.pairPct);
                rate.push_back(o.gatherRatePct);
                const double read = static_cast<double>(o.written - o.overwritten);
                collectorNs.push_back(read > 0 ? o.collectorCpuS * 1e9 / read : -1);
                frontNs.push_back(read > 0 ? o.frontEndCpuS * 1e9 / read : -1);
            }
            if (pct.empty()) {
                std::printf("  %-34s %10s\n", row.name, "failed");
                continue;
            }
            char rateText[32] = "-";
            if (median(rate) >= 0) {
                std::snprintf(rateText, sizeof rateText, "%.3f %%", median(rate));
            }
            std::printf("  %-34s %8.2f %% %12s %9.0f ns/t %9.0f ns/t\n", row.name, median(pct),
                        rateText, median(collectorNs), median(frontNs));
            std::fflush(stdout);
            const std::string slug = std::string(b.name) == "gsum" ? "gsum" : "compute_gsum";
            xylem::bench::printFigure(("live_" + slug + "_" + row.slug + "_overhead_pct").c_str(),
                                      median(pct), "%");
            if (std::strcmp(row.slug, "lb_par") == 0) {
                xylem::bench::printFigure(b.figure, median(pct), "%");
            }
            if (std::strcmp(row.slug, "raw") == 0 && slug == "gsum") {
                xylem::bench::printFigure("gather_rate_pct", median(rate), "%");
                xylem::bench::printFigure("collector_cpu_ns_per_tuple", median(collectorNs), "ns");
                xylem::bench::printFigure("frontend_cpu_ns_per_tuple", median(frontNs), "ns");
            }
        }
    }
    return 0;
}
