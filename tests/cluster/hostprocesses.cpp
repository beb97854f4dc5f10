// EmulatedCluster: the processes it runs on its hosts, through xylem-hostexec (which enters the
// host's namespaces, reports the program's pid and ends as the program ends).

#include "tests/cluster/childprocess.h"
#include "tests/cluster/emulatedcluster.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace xylem::testing {

namespace {

constexpr auto kReportTime = std::chrono::seconds(20); // hostexec's "pid N", on a loaded machine

struct Report
{
    pid_t pid = -1;
    std::string error;
};

Report parseReport(const std::string& text)
{
    Report r;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (line.starts_with("pid ")) {
            r.pid = static_cast<pid_t>(std::stol(line.substr(4)));
        } else if (line.starts_with("error: ")) {
            r.error = line.substr(7);
        }
    }
    return r;
}

// Starts xylem-hostexec (output to log) and reads what it reports on descriptor 3.
Result<std::pair<pid_t, Report>> spawnReporting(ChildPlan plan, const std::string& log)
{
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError, std::string("no pipe: ") + std::strerror(errno));
    }
    const int out =
        log.empty() ? -1 : ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    plan.stdoutFd = out;
    plan.extraFds = {report[1]};
    auto waiter = log.empty() || out >= 0
                      ? spawnChild(plan)
                      : Result<pid_t>(makeError(ErrorCode::IoError, "cannot write " + log));
    for (int fd : {report[1], out}) {
        if (fd >= 0) {
            ::close(fd);
        }
    }
    if (!waiter) {
        ::close(report[0]);
        return waiter.error();
    }
    const auto said = readPipe(report[0], std::nullopt, kReportTime);
    ::close(report[0]);
    return std::pair{waiter.value(), parseReport(said ? said.value() : said.error().where)};
}

} // namespace

std::vector<std::string> EmulatedCluster::enter(std::string_view host,
                                                std::vector<std::string> argv) const
{
    std::vector<std::string> command{m_hostexec, "--ns-of", std::to_string(initPid(host)), "--"};
    command.insert(command.end(), argv.begin(), argv.end());
    return command;
}

Result<HostProcess> EmulatedCluster::start(std::string_view host,
                                           const std::vector<std::string>& argv,
                                           const std::vector<std::string>& env,
                                           const std::string& log)
{
    if (initPid(host) <= 0) {
        return makeError(ErrorCode::NotFound, "no host " + std::string(host) + " is up");
    }
    std::vector<std::string> hostEnv{"TMPDIR=" + tmpDir(host)};
    hostEnv.insert(hostEnv.end(), env.begin(), env.end());
    return launch(initPid(host), "net,uts,ipc,time,pid,mnt", std::string(host), argv, hostEnv, log);
}

Result<HostProcess> EmulatedCluster::launch(pid_t nsOf, const std::string& namespaces,
                                            const std::string& host,
                                            const std::vector<std::string>& argv,
                                            const std::vector<std::string>& env,
                                            const std::string& log)
{
    if (argv.empty()) {
        return makeError(ErrorCode::InvalidArgument, "nothing to run", "host " + host);
    }
    ChildPlan plan;
    plan.argv = {m_hostexec, "--ns-of", std::to_string(nsOf), "--ns", namespaces, "--report",
                 "3",        "--"};
    plan.argv.insert(plan.argv.end(), argv.begin(), argv.end());
    plan.extraEnv = env;
    auto started = spawnReporting(std::move(plan), log);
    if (!started) {
        return makeError(started.error().code, started.error().message, "host " + host);
    }
    const auto [waiter, report] = started.value();
    if (report.pid <= 0 || !report.error.empty()) {
        if (!waitChild(waiter, std::chrono::seconds(10))) {
            killChild(waiter);
        }
        return makeError(ErrorCode::IoError,
                         "cannot run " + argv[0] + ": " +
                             (report.error.empty() ? "no pid reported" : report.error),
                         "host " + host);
    }
    m_waiters.push_back(waiter);
    return HostProcess{host, report.pid, waiter};
}

std::optional<int> EmulatedCluster::wait(const HostProcess& process,
                                         std::chrono::milliseconds timeout)
{
    const auto status = waitChild(process.waiter, timeout);
    if (status) {
        std::erase(m_waiters, process.waiter);
    }
    return status;
}

void EmulatedCluster::kill(const HostProcess& process)
{
    if (std::find(m_waiters.begin(), m_waiters.end(), process.waiter) == m_waiters.end()) {
        return; // reaped already: its pid may belong to another process by now
    }
    siginfo_t info{};
    // While the waiter runs, the program's pid is still the program's (the waiter reaps it).
    if (::waitid(P_PID, static_cast<id_t>(process.waiter), &info, WEXITED | WNOHANG | WNOWAIT) ==
            0 &&
        info.si_pid == 0) {
        ::kill(process.pid, SIGKILL);
    }
    if (!wait(process, std::chrono::seconds(10))) {
        killChild(process.waiter);
        std::erase(m_waiters, process.waiter);
    }
}

Result<std::string> EmulatedCluster::run(std::string_view host,
                                         const std::vector<std::string>& argv,
                                         std::chrono::milliseconds timeout)
{
    const std::string log =
        m_work + "/hosts/" + std::string(host) + "/run-" + std::to_string(++m_runs) + ".log";
    XYLEM_TRY(process, start(host, argv, {}, log));
    const auto status = wait(process.value(), timeout);
    if (!status) {
        kill(process.value());
    }
    const std::string output = tailOfFile(log, 1 << 20);
    if (!status || *status != 0) {
        return makeError(status ? ErrorCode::IoError : ErrorCode::TimedOut,
                         argv[0] + " ended with " +
                             (status ? describeStatus(*status) : std::string("a time-out")) + ": " +
                             output,
                         "host " + std::string(host));
    }
    return output;
}

} // namespace xylem::testing
