#include "app/cli/childprocess.h"

#include "core/model/environment.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

namespace xylem::cli {

Result<ChildProcess> ChildProcess::start(const std::vector<std::string>& command,
                                         const std::vector<std::string>& environment,
                                         const std::string& outputFile)
{
    const std::vector<std::string> env = environmentWith(environment);
    std::vector<char*> argv, envp;
    for (const std::string& a : command) {
        argv.push_back(const_cast<char*>(a.c_str()));
    }
    argv.push_back(nullptr);
    for (const std::string& e : env) {
        envp.push_back(const_cast<char*>(e.c_str()));
    }
    envp.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile.c_str(),
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    pid_t pid = -1;
    const int rc =
        ::posix_spawn(&pid, command.front().c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        return makeError(ErrorCode::IoError,
                         "cannot start " + command.front() + ": " + std::strerror(rc));
    }
    return ChildProcess(pid, outputFile);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : m_pid(std::exchange(other.m_pid, -1))
    , m_status(other.m_status)
    , m_ended(other.m_ended)
    , m_outputFile(std::move(other.m_outputFile))
{
}

ChildProcess::~ChildProcess()
{
    if (m_pid > 0 && running()) {
        ::kill(m_pid, SIGKILL);
        wait();
    }
}

bool ChildProcess::running()
{
    if (m_ended || m_pid <= 0) {
        return false;
    }
    if (::waitpid(m_pid, &m_status, WNOHANG) == m_pid) {
        m_ended = true;
    }
    return !m_ended;
}

void ChildProcess::interrupt()
{
    if (running()) {
        ::kill(m_pid, SIGINT);
    }
}

int ChildProcess::wait()
{
    while (!m_ended && m_pid > 0) {
        if (::waitpid(m_pid, &m_status, 0) == m_pid) {
            m_ended = true;
        } else if (errno != EINTR) {
            break;
        }
    }
    if (WIFEXITED(m_status)) {
        return WEXITSTATUS(m_status);
    }
    return WIFSIGNALED(m_status) ? 128 + WTERMSIG(m_status) : 1;
}

std::string ChildProcess::describeExit() const
{
    if (WIFSIGNALED(m_status)) {
        return "killed by signal " + std::to_string(WTERMSIG(m_status));
    }
    return "exited with code " + std::to_string(WEXITSTATUS(m_status));
}

} // namespace xylem::cli
