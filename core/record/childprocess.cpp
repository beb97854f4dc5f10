#include "core/record/childprocess.h"

#include "core/model/environment.h"
#include "core/record/execstrings.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace xylem::record {

namespace {

constexpr auto kStopGrace = std::chrono::seconds(5); // SIGTERM, then SIGKILL

// A descriptor closed when it goes, unless released.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0) {
            ::close(fd);
        }
    }
    int release() { return std::exchange(fd, -1); }
};

// A file without a name in $TMPDIR (or /tmp): it goes with its last descriptor, whatever
// happens to the starter.
Result<int> namelessFile()
{
    const char* tmp = std::getenv("TMPDIR");
    const std::string dir = tmp && *tmp ? tmp : "/tmp";
    int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) { // a file system without O_TMPFILE: a name for an instant
        std::string pattern = dir + "/xylem-cli-XXXXXX";
        fd = ::mkostemp(pattern.data(), O_CLOEXEC);
        if (fd >= 0) {
            ::unlink(pattern.c_str());
        }
    }
    if (fd < 0) {
        return makeError(ErrorCode::IoError,
                         "cannot make a temporary file in " + dir + ": " + std::strerror(errno));
    }
    return fd;
}

Result<int> namelessFileWith(const std::string& text)
{
    XYLEM_TRY(fd, namelessFile());
    Descriptor file{fd.value()};
    for (size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(file.fd, text.data() + done, text.size() - done);
        if (n <= 0 && errno != EINTR) {
            return makeError(ErrorCode::IoError,
                             std::string("cannot write a temporary file: ") + std::strerror(errno));
        }
        done += n > 0 ? static_cast<size_t>(n) : 0;
    }
    ::lseek(file.fd, 0, SEEK_SET);
    return file.release();
}

} // namespace

Result<ChildProcess> ChildProcess::start(const std::vector<std::string>& command,
                                         const std::vector<std::string>& environment,
                                         const std::string& outputFile, const std::string& input)
{
    XYLEM_TRY(lifeline, Lifeline::make());
    Descriptor output, stdinFile;
    if (outputFile.empty()) {
        XYLEM_TRY(fd, namelessFile());
        output.fd = fd.value();
    }
    if (!input.empty()) {
        XYLEM_TRY(fd, namelessFileWith(input));
        stdinFile.fd = fd.value();
    }
    std::vector<std::string> own(environment);
    own.push_back(std::string(kLifelineVariable) + "=" + std::to_string(kLifelineFd));
    const std::vector<std::string> env = environmentWith(own);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (output.fd >= 0) {
        posix_spawn_file_actions_adddup2(&actions, output.fd, STDOUT_FILENO);
    } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, outputFile.c_str(),
                                         O_WRONLY | O_CREAT | O_TRUNC, 0644);
    }
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
    if (stdinFile.fd >= 0) {
        posix_spawn_file_actions_adddup2(&actions, stdinFile.fd, STDIN_FILENO);
    } else {
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    }
    lifeline->addSpawnActions(actions, kLifelineFd); // after stdio: it may reuse their sources
    pid_t pid = -1;
    const auto argv = execStrings(command);
    const auto envp = execStrings(env);
    const int rc =
        ::posix_spawn(&pid, command.front().c_str(), &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    lifeline->childStarted();
    if (rc != 0) {
        return makeError(ErrorCode::IoError,
                         "cannot start " + command.front() + ": " + std::strerror(rc));
    }
    const std::string readable =
        output.fd >= 0 ? "/proc/self/fd/" + std::to_string(output.fd) : outputFile;
    return ChildProcess(pid, readable, output.release(), std::move(lifeline).value());
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : m_pid(std::exchange(other.m_pid, -1))
    , m_status(other.m_status)
    , m_ended(other.m_ended)
    , m_outputFile(std::move(other.m_outputFile))
    , m_outputFd(std::exchange(other.m_outputFd, -1))
    , m_lifeline(std::move(other.m_lifeline))
{
}

// Still running here: the recording is failing. A clean stop first (gsum stops its hosts and
// removes what they made), a kill if that takes too long.
ChildProcess::~ChildProcess()
{
    if (m_pid > 0 && running()) {
        ::kill(m_pid, SIGTERM);
        const auto deadline = std::chrono::steady_clock::now() + kStopGrace;
        while (running() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (running()) {
            ::kill(m_pid, SIGKILL);
        }
        wait();
    }
    if (m_outputFd >= 0) {
        ::close(m_outputFd);
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

ProcessExit ChildProcess::exitStatus() const
{
    if (WIFSIGNALED(m_status)) {
        return {true, WTERMSIG(m_status)};
    }
    return {false, WEXITSTATUS(m_status)};
}

std::string ProcessExit::describe() const
{
    return (signalled ? "killed by signal " : "exited with code ") + std::to_string(number);
}

} // namespace xylem::record
