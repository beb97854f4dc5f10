#include "core/tree/spawner.h"

#include "core/model/launchertemplate.h"
#include "core/model/tupleclock.h"

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace xylem::tree {

namespace {

constexpr auto kStopGrace = std::chrono::seconds(5);

std::string describeStatus(int status)
{
    if (WIFEXITED(status)) {
        return "exited with status " + std::to_string(WEXITSTATUS(status));
    }
    if (WIFSIGNALED(status)) {
        return std::string("was killed by signal ") + ::strsignal(WTERMSIG(status));
    }
    return "ended";
}

} // namespace

Spawner::Spawner(std::string launcherTemplate)
    : m_template(std::move(launcherTemplate))
{
}

Spawner::~Spawner()
{
    stopAll();
}

bool Spawner::isLocal(const std::string& host)
{
    return isThisMachine(host);
}

std::vector<std::string> Spawner::argvFor(const SpawnRequest& request) const
{
    if (m_template.empty() || isLocal(request.host)) {
        return request.command;
    }
    // The launcher forwards no environment (ssh does not): what the tree's processes must
    // share goes on the command line, through env.
    std::vector<std::string> command;
    if (const auto shared = tupleClockEnvironment(); !shared.empty()) {
        command.push_back("env");
        command.insert(command.end(), shared.begin(), shared.end());
    }
    command.insert(command.end(), request.command.begin(), request.command.end());
    return launcherArgv(m_template, request.host, command);
}

Result<pid_t> Spawner::spawn(const SpawnRequest& request)
{
    const std::vector<std::string> words = argvFor(request);
    if (words.empty()) {
        return makeError(ErrorCode::InvalidArgument, "nothing to start on " + request.host);
    }
    XYLEM_TRY(lifeline, Lifeline::make());
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    lifeline->addSpawnActions(actions, STDIN_FILENO);
    std::vector<char*> argv;
    for (const std::string& w : words) {
        argv.push_back(const_cast<char*>(w.c_str()));
    }
    argv.push_back(nullptr);
    // A process group of its own: Ctrl-C at the terminal is for the command the user runs (which
    // stops the tree itself), not for the tree's nodes, which end with their lifeline.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = 0;
    const int err = ::posix_spawn(&pid, argv[0], &actions, &attributes, argv.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    lifeline->childStarted();
    if (err != 0) {
        return makeError(ErrorCode::IoError, "cannot start " + words[0] + " for " + request.host +
                                                 ": " + std::strerror(err));
    }
    const bool handed = lifeline->send(request.stdinText + "\n"); // small: fits the pipe
    m_children.push_back(Child{pid, std::move(lifeline).value()});
    if (!handed) {
        return makeError(ErrorCode::IoError,
                         "cannot hand the token to " + words[0] + " on " + request.host);
    }
    return pid;
}

std::vector<std::pair<pid_t, std::string>> Spawner::reapEnded()
{
    std::vector<std::pair<pid_t, std::string>> ended;
    for (auto it = m_children.begin(); it != m_children.end();) {
        int status = 0;
        if (::waitpid(it->pid, &status, WNOHANG) == it->pid) {
            ended.emplace_back(it->pid, describeStatus(status));
            it = m_children.erase(it);
        } else {
            ++it;
        }
    }
    return ended;
}

void Spawner::stopAll()
{
    for (const Child& c : m_children) {
        ::kill(c.pid, SIGTERM);
    }
    // A child that ignores SIGTERM (or hangs in its clean-up) must not hang its parent.
    const auto deadline = std::chrono::steady_clock::now() + kStopGrace;
    for (auto it = m_children.begin(); it != m_children.end();) {
        int status = 0;
        const pid_t reaped = ::waitpid(it->pid, &status, WNOHANG);
        if (reaped == it->pid || (reaped < 0 && errno != EINTR)) {
            it = m_children.erase(it);
        } else if (std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        } else {
            ::kill(it->pid, SIGKILL);
            while (::waitpid(it->pid, &status, 0) < 0 && errno == EINTR) {
            }
            it = m_children.erase(it);
        }
    }
}

} // namespace xylem::tree
