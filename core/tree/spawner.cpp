#include "core/tree/spawner.h"

#include "core/model/textreplace.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace xylem::tree {

namespace {

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

std::string shellQuote(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        out += (out.empty() ? "'" : " '") + replaceAll(w, "'", "'\\''") + "'";
    }
    return out;
}

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
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return host.empty() || host == "localhost" || host == "127.0.0.1" || host == name;
}

std::vector<std::string> Spawner::argvFor(const SpawnRequest& request) const
{
    if (m_template.empty() || isLocal(request.host)) {
        return request.command;
    }
    std::string line = replaceAll(m_template, "{host}", request.host);
    line = replaceAll(line, "{command}", shellQuote(request.command));
    return {"/bin/sh", "-c", line};
}

Result<pid_t> Spawner::spawn(const SpawnRequest& request)
{
    const std::vector<std::string> words = argvFor(request);
    if (words.empty()) {
        return makeError(ErrorCode::InvalidArgument, "nothing to start on " + request.host);
    }
    int pipeFds[2];
    if (::pipe2(pipeFds, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipeFds[0], STDIN_FILENO);
    std::vector<char*> argv;
    for (const std::string& w : words) {
        argv.push_back(const_cast<char*>(w.c_str()));
    }
    argv.push_back(nullptr);
    pid_t pid = 0;
    const int err = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipeFds[0]);
    if (err != 0) {
        ::close(pipeFds[1]);
        return makeError(ErrorCode::IoError, "cannot start " + words[0] + " for " + request.host +
                                                 ": " + std::strerror(err));
    }
    m_children.push_back(pid);
    const std::string text = request.stdinText + "\n";
    const ssize_t written = ::write(pipeFds[1], text.data(), text.size()); // small: fits the pipe
    ::close(pipeFds[1]);
    if (written != static_cast<ssize_t>(text.size())) {
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
        if (::waitpid(*it, &status, WNOHANG) == *it) {
            ended.emplace_back(*it, describeStatus(status));
            it = m_children.erase(it);
        } else {
            ++it;
        }
    }
    return ended;
}

void Spawner::stopAll()
{
    for (const pid_t pid : m_children) {
        ::kill(pid, SIGTERM);
    }
    for (const pid_t pid : m_children) {
        int status = 0;
        while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    m_children.clear();
}

} // namespace xylem::tree
