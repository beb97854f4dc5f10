#include "collectors/allreduce/gsum/launcher.h"

#include "core/model/environment.h"
#include "core/model/textreplace.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
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

struct Child
{
    std::string host;
    pid_t pid = -1;
    int out = -1; // read end of its stdout
    std::thread reader;
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

Result<pid_t> spawnHost(const LaunchPlan& plan, const std::string& host, int stdoutWrite)
{
    std::vector<std::string> args{plan.executable, "run", "--host", host};
    args.insert(args.end(), plan.runArguments.begin(), plan.runArguments.end());
    std::vector<std::string> own; // {host}: this host's id (a ring prefix per host)
    for (const std::string& entry : plan.environment) {
        own.push_back(replaceAll(entry, "{host}", host));
    }
    std::vector<std::string> env = environmentWith(own);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, stdoutWrite, STDOUT_FILENO);
    pid_t pid = -1;
    auto argv = cStrings(args);
    auto envp = cStrings(env);
    const int rc =
        ::posix_spawn(&pid, plan.executable.c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot start host ") + host + ": " + std::strerror(rc));
    }
    return pid;
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

void stopAll(std::vector<Child>& children, const std::map<pid_t, int>& done)
{
    for (const Child& c : children) {
        if (!done.contains(c.pid)) {
            ::kill(c.pid, SIGTERM);
        }
    }
}

} // namespace

Result<LaunchOutcome> launchCluster(const LaunchPlan& plan)
{
    struct sigaction action
    {
    };
    action.sa_handler = onInterrupt;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);

    LaunchOutcome outcome;
    std::mutex reportsMutex;
    std::vector<Child> children(plan.hosts.size());
    for (size_t i = 0; i < plan.hosts.size(); ++i) {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) {
            return makeError(ErrorCode::IoError, "cannot make a pipe");
        }
        auto pid = spawnHost(plan, plan.hosts[i], fds[1]);
        ::close(fds[1]);
        if (!pid) {
            ::close(fds[0]);
            std::map<pid_t, int> none;
            stopAll(children, none);
            return pid.error();
        }
        Child& c = children[i];
        c.host = plan.hosts[i];
        c.pid = pid.value();
        c.out = fds[0];
        // Forward the host's lines with its name, and keep its report.
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
    }
    std::map<pid_t, int> done;
    std::optional<Error> failure;
    bool stopping = false;
    while (done.size() < children.size()) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, WNOHANG);
        if (pid > 0) {
            done[pid] = status;
            const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
            if (!clean && !stopping) {
                for (const Child& c : children) {
                    if (c.pid == pid) {
                        failure = makeError(ErrorCode::IoError,
                                            "host " + c.host + " " + describeExit(status));
                    }
                }
                stopping = true;
                stopAll(children, done); // a collective cannot go on without one of its hosts
            }
            continue;
        }
        if (g_interrupted && !stopping) {
            stopping = true;
            outcome.interrupted = true;
            stopAll(children, done);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    for (Child& c : children) {
        c.reader.join();
    }
    if (failure) {
        return *failure;
    }
    return outcome;
}

} // namespace xylem::allreduce
