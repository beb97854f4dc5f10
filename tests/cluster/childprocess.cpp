#include "tests/cluster/childprocess.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <map>
#include <poll.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace xylem::testing {

namespace {

using Clock = std::chrono::steady_clock;

std::string errnoText(const std::string& what)
{
    return what + ": " + std::strerror(errno);
}

// This process's environment with `extra` laid over it ("NAME=VALUE" each).
std::vector<std::string> mergedEnvironment(const std::vector<std::string>& extra)
{
    std::map<std::string, std::string> byName;
    auto add = [&](const std::string& entry) {
        byName[entry.substr(0, entry.find('='))] = entry;
    };
    for (char** e = environ; *e; ++e) {
        add(*e);
    }
    for (const std::string& e : extra) {
        add(e);
    }
    std::vector<std::string> env;
    for (auto& [name, entry] : byName) {
        env.push_back(std::move(entry));
    }
    return env;
}

std::vector<char*> pointers(std::vector<std::string>& strings)
{
    std::vector<char*> out;
    for (std::string& s : strings) {
        out.push_back(s.data());
    }
    out.push_back(nullptr);
    return out;
}

// Copies of the plan's descriptors above the ones the child gets (0 .. 2 + extras), so that
// no dup2 of the plan overwrites a source a later one still needs. Closed when it goes.
struct Sources
{
    std::vector<int> fds; // -1 where the plan said "none"
    Sources() = default;
    Sources(const Sources&) = delete;
    Sources& operator=(const Sources&) = delete;
    ~Sources()
    {
        for (int fd : fds) {
            if (fd >= 0) {
                ::close(fd);
            }
        }
    }
};

Result<Ok> lift(const ChildPlan& plan, Sources& s)
{
    std::vector<int> wanted{plan.stdinFd, plan.stdoutFd,
                            plan.stderrFd >= 0 ? plan.stderrFd : plan.stdoutFd};
    wanted.insert(wanted.end(), plan.extraFds.begin(), plan.extraFds.end());
    const int floor = static_cast<int>(wanted.size()) + 3;
    for (int fd : wanted) {
        const int copy = fd >= 0 ? ::fcntl(fd, F_DUPFD_CLOEXEC, floor) : -1;
        if (fd >= 0 && copy < 0) {
            return makeError(ErrorCode::IoError, errnoText("cannot pass a descriptor on"));
        }
        s.fds.push_back(copy);
    }
    return Ok{};
}

// No signal held back or ignored here (a thread's mask, SIGPIPE ignored) reaches the child.
void cleanSignals(posix_spawnattr_t& attributes)
{
    posix_spawnattr_init(&attributes);
    sigset_t none, reset;
    sigemptyset(&none);
    sigemptyset(&reset);
    for (int s : {SIGPIPE, SIGCHLD, SIGINT, SIGTERM, SIGHUP}) {
        sigaddset(&reset, s);
    }
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &reset);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
}

} // namespace

Result<pid_t> spawnChild(const ChildPlan& plan)
{
    if (plan.argv.empty()) {
        return makeError(ErrorCode::InvalidArgument, "no program to start");
    }
    Sources sources;
    XYLEM_TRY(lifted, lift(plan, sources));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    for (int target = 0; target < static_cast<int>(sources.fds.size()); ++target) {
        const int source = sources.fds[static_cast<size_t>(target)];
        if (source >= 0) {
            posix_spawn_file_actions_adddup2(&actions, source, target);
        } else {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null",
                                             target == 0 ? O_RDONLY : O_WRONLY, 0);
        }
    }
    posix_spawn_file_actions_addclosefrom_np(&actions, static_cast<int>(sources.fds.size()));
    std::vector<std::string> argv = plan.argv;
    std::vector<std::string> env = mergedEnvironment(plan.extraEnv);
    posix_spawnattr_t attributes;
    cleanSignals(attributes);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, argv[0].c_str(), &actions, &attributes,
                                  pointers(argv).data(), pointers(env).data());
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        return makeError(ErrorCode::IoError, "cannot start " + argv[0] + ": " + std::strerror(rc));
    }
    return pid;
}

std::optional<int> waitChild(pid_t pid, std::chrono::milliseconds timeout)
{
    // The system call itself: glibc 2.36's <sys/pidfd.h> declares pidfd_open without extern "C".
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    const auto deadline = Clock::now() + timeout;
    std::optional<int> result;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) {
            result = status;
            break;
        }
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if ((r < 0 && errno != EINTR) || pidfd < 0 || left.count() <= 0) {
            break; // not our child, or the time is up
        }
        pollfd p{pidfd, POLLIN, 0};
        ::poll(&p, 1, static_cast<int>(left.count()) + 1);
    }
    if (pidfd >= 0) {
        ::close(pidfd);
    }
    return result;
}

void killChild(pid_t pid)
{
    if (pid <= 0) {
        return;
    }
    ::kill(pid, SIGKILL); // a zombie is not hurt by it: it is only reaped below
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

std::string describeStatus(int status)
{
    if (WIFEXITED(status)) {
        return "exit code " + std::to_string(WEXITSTATUS(status));
    }
    if (WIFSIGNALED(status)) {
        return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
               ::strsignal(WTERMSIG(status)) + ")";
    }
    return "wait status " + std::to_string(status);
}

Result<std::string> readPipe(int fd, std::optional<char> stop, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    std::string text;
    char buffer[4096];
    for (;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        pollfd p{fd, POLLIN, 0};
        const int ready = left.count() > 0 ? ::poll(&p, 1, static_cast<int>(left.count())) : 0;
        if (ready == 0) {
            return makeError(ErrorCode::TimedOut, "nothing more came in time", text);
        }
        const ssize_t n = ready > 0 ? ::read(fd, buffer, sizeof buffer) : -1;
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return text; // end-of-file (or a broken pipe: the same to us)
        }
        text.append(buffer, static_cast<size_t>(n));
        if (stop && text.find(*stop) != std::string::npos) {
            return text;
        }
    }
}

Result<std::string> runChild(const std::vector<std::string>& argv,
                             std::chrono::milliseconds timeout)
{
    int out[2];
    if (::pipe2(out, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError, errnoText("cannot make a pipe"));
    }
    ChildPlan plan;
    plan.argv = argv;
    plan.stdoutFd = out[1];
    auto pid = spawnChild(plan);
    ::close(out[1]);
    if (!pid) {
        ::close(out[0]);
        return pid.error();
    }
    auto output = readPipe(out[0], std::nullopt, timeout);
    ::close(out[0]);
    const auto status = waitChild(pid.value(), output ? timeout : std::chrono::milliseconds(0));
    if (!status) {
        killChild(pid.value());
        return makeError(ErrorCode::TimedOut, argv[0] + " did not end in time");
    }
    if (*status != 0) {
        return makeError(ErrorCode::IoError, argv[0] + " ended with " + describeStatus(*status) +
                                                 ": " +
                                                 (output ? output.value() : output.error().where));
    }
    return output;
}

std::string tailOfFile(const std::string& path, std::size_t bytes)
{
    std::ifstream in(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return text.size() > bytes ? text.substr(text.size() - bytes) : text;
}

} // namespace xylem::testing
