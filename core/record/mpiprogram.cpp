#include "core/record/mpiprogram.h"

#include "core/model/environment.h"
#include "core/record/execstrings.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <linux/close_range.h>
#include <map>
#include <sstream>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace xylem::record {

namespace {

constexpr auto kStopGrace = std::chrono::seconds(5); // SIGTERM to the group, then SIGKILL

struct Pipe
{
    int read = -1;
    int write = -1;
    ~Pipe()
    {
        closeRead();
        closeWrite();
    }
    void closeRead()
    {
        if (read >= 0) {
            ::close(std::exchange(read, -1));
        }
    }
    void closeWrite()
    {
        if (write >= 0) {
            ::close(std::exchange(write, -1));
        }
    }
};

Result<Ok> makePipe(Pipe& p)
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    p.read = fds[0];
    p.write = fds[1];
    return Ok{};
}

// Between fork and exec: only async-signal-safe calls (the recorder has threads by now).
[[noreturn]] void execChild(const char* path, char* const* argv, char* const* envp, int out,
                            int err, int report, pid_t parent)
{
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) { // the recorder died before the line above
        ::_exit(127);
    }
    // What the recorder catches or ignores, the program gets as a program normally does.
    struct sigaction plain
    {
    };
    plain.sa_handler = SIG_DFL;
    sigemptyset(&plain.sa_mask);
    for (const int s : {SIGINT, SIGTERM, SIGPIPE, SIGHUP, SIGQUIT}) {
        ::sigaction(s, &plain, nullptr);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    const int in = ::open("/dev/null", O_RDONLY);
    if (in < 0 || ::dup2(in, STDIN_FILENO) < 0 || ::dup2(out, STDOUT_FILENO) < 0 ||
        ::dup2(err, STDERR_FILENO) < 0) {
        const int e = errno;
        (void)!::write(report, &e, sizeof e);
        ::_exit(127);
    }
    // Nothing else of the recorder's reaches the program (a lifeline of the tree it held would
    // keep a node alive after the recorder ended).
    ::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
    ::execve(path, argv, envp);
    const int e = errno;
    (void)!::write(report, &e, sizeof e);
    ::_exit(127);
}

// Field 22 of /proc/PID/stat, the start time: with the pid, it names one process even if the
// pid is reused. 0 when it is gone.
std::uint64_t startOf(pid_t pid, pid_t* parent = nullptr)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t close = stat.rfind(')');
    if (close == std::string::npos || close + 2 >= stat.size() || stat[close + 2] == 'Z') {
        return 0;
    }
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
        if (i == 4 && parent) {
            *parent = static_cast<pid_t>(std::strtol(field.c_str(), nullptr, 10));
        }
        if (i == 22) {
            return std::strtoull(field.c_str(), nullptr, 10);
        }
    }
    return 0;
}

} // namespace

Result<MpiProgram> MpiProgram::start(const std::vector<std::string>& command,
                                     const std::vector<std::string>& environment)
{
    Pipe out, err, report;
    XYLEM_TRY(o, makePipe(out));
    XYLEM_TRY(e, makePipe(err));
    XYLEM_TRY(r, makePipe(report));
    const std::vector<std::string> env = environmentWith(environment);
    const auto argv = execStrings(command);
    const auto envp = execStrings(env);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        return makeError(ErrorCode::IoError,
                         "cannot start " + command.front() + ": " + std::strerror(errno));
    }
    if (pid == 0) {
        execChild(argv[0], argv.data(), envp.data(), out.write, err.write, report.write, parent);
    }
    ::setpgid(pid, pid); // here too: the group exists before anything is sent to it
    out.closeWrite();
    err.closeWrite();
    report.closeWrite();
    int failure = 0;
    ssize_t n = 0;
    do {
        n = ::read(report.read, &failure, sizeof failure); // 0 bytes: exec succeeded
    } while (n < 0 && errno == EINTR);
    if (n == static_cast<ssize_t>(sizeof failure)) {
        int ignored = 0;
        ::waitpid(pid, &ignored, 0);
        return makeError(ErrorCode::InvalidArgument,
                         "cannot start " + command.front() + ": " + std::strerror(failure));
    }
    MpiProgram program(pid, std::exchange(out.read, -1), std::exchange(err.read, -1));
    return program;
}

MpiProgram::MpiProgram(MpiProgram&& other) noexcept
    : m_pid(std::exchange(other.m_pid, -1))
    , m_status(other.m_status)
    , m_ended(other.m_ended)
    , m_stdout(std::exchange(other.m_stdout, -1))
    , m_stderr(std::exchange(other.m_stderr, -1))
    , m_family(std::move(other.m_family))
{
}

// Still running here: the recording is failing. A clean stop first (mpirun ends its ranks), a
// kill of the whole group if that takes too long.
MpiProgram::~MpiProgram()
{
    if (m_pid > 0 && running()) {
        terminate();
        const auto deadline = std::chrono::steady_clock::now() + kStopGrace;
        while (running() && std::chrono::steady_clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        if (running()) {
            kill();
        }
        wait();
    }
    for (const int fd : {m_stdout, m_stderr}) {
        if (fd >= 0) {
            ::close(fd);
        }
    }
}

// The launcher ended but is not yet reaped, so its group's id is still its own: ranks it left
// behind (mpirun killed) go too.
void MpiProgram::endGroup()
{
    ::kill(-m_pid, SIGKILL);
    signalFamily(SIGKILL);
}

// OpenMPI puts each rank in a process group of its own: they are found as the launcher's
// descendants, looked up while it runs (once it is gone they belong to init).
void MpiProgram::noteFamily()
{
    std::map<pid_t, std::vector<pid_t>> children;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) {
            continue;
        }
        const auto pid = static_cast<pid_t>(std::strtol(name.c_str(), nullptr, 10));
        pid_t parent = 0;
        if (startOf(pid, &parent) != 0) {
            children[parent].push_back(pid);
        }
    }
    std::vector<Member> family;
    std::vector<pid_t> next{m_pid};
    while (!next.empty() && family.size() < 4096) {
        const pid_t p = next.back();
        next.pop_back();
        for (const pid_t child : children[p]) {
            if (const std::uint64_t start = startOf(child)) {
                family.push_back(Member{child, start});
                next.push_back(child);
            }
        }
    }
    m_family = std::move(family);
}

void MpiProgram::signalFamily(int signal)
{
    for (const Member& m : m_family) {
        if (startOf(m.pid) == m.start) {
            ::kill(m.pid, signal);
        }
    }
}

bool MpiProgram::running()
{
    if (m_ended || m_pid <= 0) {
        return false;
    }
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == m_pid) {
        endGroup();
        while (::waitpid(m_pid, &m_status, 0) < 0 && errno == EINTR) {
        }
        m_ended = true;
    } else if (const auto now = std::chrono::steady_clock::now(); now >= m_nextLookUp) {
        noteFamily();
        m_nextLookUp = now + std::chrono::milliseconds(200);
    }
    return !m_ended;
}

void MpiProgram::interrupt()
{
    if (running()) {
        ::kill(m_pid, SIGINT);
    }
}

void MpiProgram::terminate()
{
    if (running()) {
        ::kill(-m_pid, SIGTERM);
        signalFamily(SIGTERM);
    }
}

void MpiProgram::kill()
{
    if (running()) {
        ::kill(-m_pid, SIGKILL);
        signalFamily(SIGKILL);
    }
}

int MpiProgram::wait()
{
    while (!m_ended && m_pid > 0) {
        siginfo_t info{};
        if (::waitid(P_PID, static_cast<id_t>(m_pid), &info, WEXITED | WNOWAIT) == 0) {
            (void)running(); // ended: kills the group's leftovers and reaps
        } else if (errno != EINTR) {
            break;
        }
    }
    if (WIFEXITED(m_status)) {
        return WEXITSTATUS(m_status);
    }
    return WIFSIGNALED(m_status) ? 128 + WTERMSIG(m_status) : 1;
}

std::string MpiProgram::describeExit() const
{
    if (WIFSIGNALED(m_status)) {
        return "was killed by signal " + std::to_string(WTERMSIG(m_status)) + " (" +
               ::strsignal(WTERMSIG(m_status)) + ")";
    }
    return "exited with code " + std::to_string(WEXITSTATUS(m_status));
}

ProcessExit MpiProgram::exitStatus() const
{
    if (WIFSIGNALED(m_status)) {
        return {true, WTERMSIG(m_status)};
    }
    return {false, WEXITSTATUS(m_status)};
}

} // namespace xylem::record
