#include "collectors/allreduce/gsum/launcher.h"

#include "core/model/environment.h"
#include "core/model/lifeline.h"
#include "core/model/textreplace.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <optional>
#include <spawn.h>
#include <string_view>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace xylem::allreduce {

namespace {

std::atomic<bool> g_interrupted{false}; // set from the signal handler: the one global here

void onInterrupt(int)
{
    g_interrupted = true;
}

} // namespace

void catchInterrupts()
{
    struct sigaction action
    {
    };
    action.sa_handler = onInterrupt;
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        ::sigaction(signal, &action, nullptr);
    }
}

bool interrupted()
{
    return g_interrupted;
}

std::string describeExit(int status)
{
    if (WIFEXITED(status)) {
        return "exited with code " + std::to_string(WEXITSTATUS(status));
    }
    if (WIFSIGNALED(status)) {
        return std::string("was killed by signal ") + ::strsignal(WTERMSIG(status));
    }
    return "ended";
}

namespace {

struct Child
{
    std::string host;
    pid_t pid = -1;
    int out = -1; // read end of its stdout
    std::thread reader;
    std::optional<Lifeline> lifeline;
};

std::vector<char*> cStrings(std::vector<std::string>& strings)
{
    std::vector<char*> out;
    for (std::string& s : strings) {
        out.push_back(s.data());
    }
    out.push_back(nullptr);
    return out;
}

Result<pid_t> spawnHost(const LaunchPlan& plan, const std::string& host, int stdoutWrite,
                        Lifeline& lifeline)
{
    std::vector<std::string> args{plan.executable, "run", "--host", host};
    args.insert(args.end(), plan.runArguments.begin(), plan.runArguments.end());
    std::vector<std::string> own; // {host}: this host's id (a ring prefix per host)
    for (const std::string& entry : plan.environment) {
        own.push_back(replaceAll(entry, "{host}", host));
    }
    own.push_back(std::string(kLifelineVariable) + "=" + std::to_string(kLifelineFd));
    std::vector<std::string> env = environmentWith(own);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, stdoutWrite, STDOUT_FILENO);
    lifeline.addSpawnActions(actions, kLifelineFd);
    pid_t pid = -1;
    auto argv = cStrings(args);
    auto envp = cStrings(env);
    const int rc =
        ::posix_spawn(&pid, plan.executable.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    lifeline.childStarted();
    if (rc != 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot start host ") + host + ": " + std::strerror(rc));
    }
    return pid;
}

void stopAll(std::vector<Child>& children, const std::map<pid_t, int>& done)
{
    for (const Child& c : children) {
        if (c.pid > 0 && !done.contains(c.pid)) { // never kill(-1): every process of the user
            ::kill(c.pid, SIGTERM);
        }
    }
}

// Starts one host with a pipe for its output and a thread that forwards its lines with its
// name and keeps its report.
Result<Ok> startHost(const LaunchPlan& plan, size_t i, Child& c, LaunchOutcome& outcome,
                     std::mutex& reportsMutex)
{
    int fds[2];
    XYLEM_TRY(lifeline, Lifeline::make());
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError, "cannot make a pipe");
    }
    auto pid = spawnHost(plan, plan.hosts[i], fds[1], lifeline.value());
    ::close(fds[1]);
    if (!pid) {
        ::close(fds[0]);
        return pid.error();
    }
    c.lifeline.emplace(std::move(lifeline).value());
    c.host = plan.hosts[i];
    c.pid = pid.value();
    c.out = fds[0];
    c.reader = std::thread([&outcome, &reportsMutex, host = c.host, fd = c.out] {
        FILE* in = ::fdopen(fd, "r");
        char line[1024];
        while (in && std::fgets(line, sizeof line, in)) {
            HostReport report;
            if (parseReportLine(line, report)) {
                std::lock_guard lock(reportsMutex);
                outcome.reports.push_back(report);
            }
            std::printf("[%s] %s", host.c_str(), line);
            std::fflush(stdout);
        }
        if (in) {
            std::fclose(in);
        }
    });
    return Ok{};
}

// Waits for the `started` hosts to end. The first that fails (or an interruption, or *stop)
// stops the others: a collective cannot go on without one of its hosts. Returns that failure.
std::optional<Error> watchHosts(std::vector<Child>& children, size_t started,
                                const std::atomic<bool>* stop, std::optional<Error> failure,
                                LaunchOutcome& outcome)
{
    std::map<pid_t, int> done;
    bool stopping = failure.has_value();
    if (stopping) {
        stopAll(children, done);
    }
    while (done.size() < started) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            done[pid] = status;
            const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
            for (const Child& c : children) {
                if (c.pid == pid && !clean && !stopping) {
                    failure = makeError(ErrorCode::IoError,
                                        "host " + c.host + " " + describeExit(status));
                    stopping = true;
                    stopAll(children, done);
                }
            }
        } else if (pid < 0 && errno == ECHILD) {
            break; // nothing left to wait for
        } else {
            if ((g_interrupted || (stop && stop->load())) && !stopping) {
                stopping = true;
                outcome.interrupted = true;
                stopAll(children, done);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    }
    return failure;
}

} // namespace

Result<LaunchOutcome> launchCluster(const LaunchPlan& plan, const std::atomic<bool>* stop)
{
    catchInterrupts();
    LaunchOutcome outcome;
    std::mutex reportsMutex;
    std::vector<Child> children(plan.hosts.size());
    std::optional<Error> failure;
    size_t started = 0;
    for (; started < plan.hosts.size(); ++started) {
        if (auto ok = startHost(plan, started, children[started], outcome, reportsMutex); !ok) {
            failure = ok.error();
            break;
        }
    }
    failure = watchHosts(children, started, stop, std::move(failure), outcome);
    for (Child& c : children) {
        if (c.reader.joinable()) {
            c.reader.join();
        }
    }
    if (failure) {
        return *failure;
    }
    return outcome;
}

} // namespace xylem::allreduce
