#include "core/tree/launchcheck.h"

#include "core/tree/spawner.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace xylem::tree {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kKeptOutput = 4096; // the launcher's last words are what matters

// Runs on the host: names the first program that is missing there.
const char* const kCheckScript =
    "for p; do test -x \"$p\" || { echo \"no program $p on this host\" >&2; exit 127; }; done";

struct Running
{
    std::string host;
    pid_t pid = -1;
    int output = -1; // read end of the child's stdout and stderr
    std::string said;
    std::optional<int> status;
};

Result<Running> startCheck(const std::string& launcherTemplate, const LaunchCheck& check)
{
    std::vector<std::string> command{"/bin/sh", "-c", kCheckScript, "xylem-check"};
    command.insert(command.end(), check.programs.begin(), check.programs.end());
    const std::vector<std::string> words = launcherArgv(launcherTemplate, check.host, command);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID); // no terminal to ask on
    std::vector<char*> argv;
    for (const std::string& w : words) {
        argv.push_back(const_cast<char*>(w.c_str()));
    }
    argv.push_back(nullptr);
    Running running{check.host};
    const int err =
        ::posix_spawn(&running.pid, argv[0], &actions, &attributes, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    ::close(fds[1]);
    if (err != 0) {
        ::close(fds[0]);
        return makeError(ErrorCode::IoError,
                         "cannot start the launcher for " + check.host + ": " + std::strerror(err));
    }
    ::fcntl(fds[0], F_SETFL, O_NONBLOCK);
    running.output = fds[0];
    return running;
}

void readSome(Running& r)
{
    char buffer[1024];
    for (ssize_t n; r.output >= 0 && (n = ::read(r.output, buffer, sizeof buffer)) != 0;) {
        if (n < 0) {
            if (errno != EINTR) {
                return; // EAGAIN: nothing more for now
            }
            continue;
        }
        r.said.append(buffer, static_cast<std::size_t>(n));
        if (r.said.size() > kKeptOutput) {
            r.said.erase(0, r.said.size() - kKeptOutput);
        }
    }
}

std::string lastLine(const std::string& text)
{
    const size_t end = text.find_last_not_of(" \t\r\n");
    if (end == std::string::npos) {
        return {};
    }
    const size_t start = text.find_last_of('\n', end);
    return text.substr(start == std::string::npos ? 0 : start + 1,
                       end - (start == std::string::npos ? 0 : start + 1) + 1);
}

std::string describe(const Running& r, std::chrono::milliseconds timeout)
{
    std::string why;
    if (!r.status) {
        why = "no answer through the launcher within " +
              std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) +
              " s";
    } else if (WIFEXITED(*r.status)) {
        why = "the launcher exited with status " + std::to_string(WEXITSTATUS(*r.status));
    } else {
        why = std::string("the launcher was killed by signal ") + ::strsignal(WTERMSIG(*r.status));
    }
    const std::string said = lastLine(r.said);
    return r.host + ": " + why + (said.empty() ? "" : " (" + said + ")");
}

// Waits for every check until the deadline, reading what they say; the late ones are killed
// (their whole session: ssh and what it started).
void awaitChecks(std::vector<Running>& checks, Clock::time_point deadline)
{
    for (;;) {
        std::vector<pollfd> fds;
        bool pending = false;
        for (Running& r : checks) {
            if (!r.status) {
                int status = 0;
                if (::waitpid(r.pid, &status, WNOHANG) == r.pid) {
                    r.status = status;
                }
            }
            readSome(r);
            pending = pending || !r.status;
            if (!r.status) {
                fds.push_back(pollfd{r.output, POLLIN, 0});
            }
        }
        if (!pending || Clock::now() >= deadline) {
            break;
        }
        ::poll(fds.data(), fds.size(), 50); // a child ending without output: the next waitpid
    }
    for (Running& r : checks) {
        if (!r.status) {
            ::kill(-r.pid, SIGKILL);
            int status = 0;
            while (::waitpid(r.pid, &status, 0) < 0 && errno == EINTR) {
            }
        }
        ::close(r.output);
    }
}

} // namespace

Result<Ok> checkLaunches(const std::string& launcherTemplate,
                         const std::vector<LaunchCheck>& checks, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    std::vector<Running> running;
    std::optional<Error> failedToStart;
    for (const LaunchCheck& check : checks) {
        auto started = startCheck(launcherTemplate, check);
        if (!started) {
            failedToStart = started.error();
            break;
        }
        running.push_back(std::move(started).value());
    }
    awaitChecks(running, deadline);
    if (failedToStart) {
        return *failedToStart;
    }
    std::string failures;
    bool allTimedOut = true;
    std::size_t failed = 0;
    for (const Running& r : running) {
        if (r.status && WIFEXITED(*r.status) && WEXITSTATUS(*r.status) == 0) {
            continue;
        }
        allTimedOut = allTimedOut && !r.status;
        failures += (failures.empty() ? "" : "; ") + describe(r, timeout);
        ++failed;
    }
    if (failed == 0) {
        return Ok{};
    }
    return makeError(allTimedOut ? ErrorCode::TimedOut : ErrorCode::IoError,
                     "cannot start the tree on " + std::to_string(failed) + " of " +
                         std::to_string(running.size()) + " hosts through the launcher '" +
                         launcherTemplate + "': " + failures);
}

} // namespace xylem::tree
