#include "tests/cluster/hostboot.h"

#include "tests/cluster/childprocess.h"
#include "tests/support/processtree.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace xylem::testing {

namespace {

constexpr auto kUnshareEnd = std::chrono::seconds(10); // after its init got SIGKILL

std::vector<std::string> unshareCommand(const HostBootSpec& spec)
{
    std::vector<std::string> argv{"unshare", "--pid"};
    if (spec.monotonicOffsetS) {
        // Boot time moves with the monotonic clock: a host that booted earlier has both ahead.
        const std::string s = std::to_string(*spec.monotonicOffsetS);
        argv.insert(argv.end(), {"--time", "--monotonic=" + s, "--boottime=" + s});
    }
    argv.insert(argv.end(), {"--fork", "--kill-child=KILL", "--", spec.hostinit, "--name",
                             spec.name, "--lifeline", "3"});
    if (!spec.hostsFile.empty()) {
        argv.insert(argv.end(), {"--hosts", spec.hostsFile});
    }
    for (const std::string& dir : spec.hidden) {
        argv.insert(argv.end(), {"--hide", dir});
    }
    return argv;
}

} // namespace

HostInit::HostInit(HostBootSpec spec)
    : m_spec(std::move(spec))
{
}

HostInit::~HostInit()
{
    halt();
}

Error HostInit::failure(const std::string& what) const
{
    return makeError(ErrorCode::IoError, what + "; its log: " + tailOfFile(m_spec.log),
                     "host " + m_spec.name);
}

Result<Ok> HostInit::launch()
{
    int ready[2];
    int lifeline[2];
    if (::pipe2(ready, O_CLOEXEC) != 0) {
        return failure(std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    if (::pipe2(lifeline, O_CLOEXEC) != 0) {
        ::close(ready[0]);
        ::close(ready[1]);
        return failure(std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    const int log = ::open(m_spec.log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log < 0) {
        for (int fd : {ready[0], ready[1], lifeline[0], lifeline[1]}) {
            ::close(fd);
        }
        return failure("cannot write " + m_spec.log + ": " + std::strerror(errno));
    }
    ChildPlan plan;
    plan.argv = unshareCommand(m_spec);
    plan.stdoutFd = ready[1];
    plan.stderrFd = log;
    plan.extraFds = {lifeline[0]};
    auto pid = spawnChild(plan);
    for (int fd : {ready[1], lifeline[0], log}) {
        ::close(fd);
    }
    m_lifeline = lifeline[1];
    if (!pid) {
        ::close(ready[0]);
        return pid.error();
    }
    m_unsharePid = pid.value();
    m_ready = ready[0];
    return Ok{};
}

Result<Ok> HostInit::await(std::chrono::milliseconds timeout)
{
    auto said = readPipe(m_ready, '\n', timeout);
    ::close(m_ready);
    m_ready = -1;
    if (!said || said.value() != "ready\n") {
        const auto status = waitChild(m_unsharePid, std::chrono::milliseconds(0));
        return failure("its init did not come up (" +
                       (status ? describeStatus(*status) : std::string("no word from it")) + ")");
    }
    const std::vector<ProcessId> children = childrenOf(m_unsharePid);
    if (children.size() != 1) {
        return failure("unshare has " + std::to_string(children.size()) +
                       " children, not its init alone");
    }
    m_initPid = children.front().pid;
    return Ok{};
}

void HostInit::kill()
{
    if (m_ready >= 0) {
        ::close(m_ready);
        m_ready = -1;
    }
    if (m_lifeline >= 0) {
        ::close(m_lifeline); // the init reads end-of-file, should the kill below not reach it
        m_lifeline = -1;
    }
    // SIGKILL: nothing of a host needs to clean up, and unshare ignores SIGTERM while it waits.
    // Killing unshare instead also ends the init (--kill-child), for an init whose pid was
    // never learnt. Only while unshare runs is the init's pid surely the init's (unshare reaps
    // it, then ends at once).
    siginfo_t info{};
    if (m_unsharePid > 0 &&
        ::waitid(P_PID, static_cast<id_t>(m_unsharePid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == 0) {
        ::kill(m_initPid > 0 ? m_initPid : m_unsharePid, SIGKILL);
    }
}

void HostInit::halt()
{
    kill();
    if (m_unsharePid <= 0) {
        return;
    }
    if (!waitChild(m_unsharePid, kUnshareEnd)) {
        killChild(m_unsharePid);
    }
    m_unsharePid = -1;
    m_initPid = -1;
}

} // namespace xylem::testing
