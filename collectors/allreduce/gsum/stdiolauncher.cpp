#include "collectors/allreduce/gsum/stdiolauncher.h"

#include "collectors/allreduce/gsum/launchertemplate.h"
#include "collectors/nodelog/nodelog.h"
#include "core/model/lifeline.h"
#include "core/model/textreplace.h"

#include <algorithm>
#include <boost/asio/ip/address.hpp>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace xylem::allreduce {

namespace {

using Clock = std::chrono::steady_clock;

// Told to stop (stdin closed), a host cleans up and ends; one that has not within this gets
// SIGTERM, and SIGKILL as long again after.
constexpr auto kGrace = std::chrono::seconds(3);
constexpr std::size_t kMaxOutputLine = 64 * 1024; // longer lines are cut, not grown without end

enum class Stage
{
    Address, // started; its address is due
    Ready,   // has the address list (or will); its ready is due
    Waiting, // ready, waiting for go
    Running, // told go
};

struct HostProcess
{
    std::string host;
    pid_t pid = -1;
    int in = -1;          // our end of its stdin
    int out = -1;         // of its stdout
    int err = -1;         // of its stderr
    std::string pending;  // still to write on its stdin
    std::string outLine;  // a stdout line not finished yet
    std::string errLine;  // a stderr line not finished yet
    std::string lastError; // its last line on stderr, for the message if it fails
    Stage stage = Stage::Address;
    std::optional<Address> address;
    std::optional<int> status; // once it ended
};

void closeFd(int& fd)
{
    if (fd >= 0) {
        ::close(fd);
        fd = -1;
    }
}

std::string shown(const std::string& line)
{
    std::string out;
    for (const char c : line.substr(0, 160)) {
        out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
    }
    return "'" + out + (line.size() > 160 ? "...'" : "'");
}

bool isLoopback(const std::string& ip)
{
    boost::system::error_code ec;
    const auto address = boost::asio::ip::make_address(ip, ec);
    return !ec && address.is_loopback();
}

class StdioLaunch
{
public:
    StdioLaunch(const StdioLaunchPlan& plan, const std::atomic<bool>* stop)
        : m_plan(plan)
        , m_stop(stop)
        , m_hosts(plan.hosts.size())
    {
    }
    ~StdioLaunch()
    {
        for (HostProcess& h : m_hosts) {
            closeFd(h.in);
            closeFd(h.out);
            closeFd(h.err);
        }
    }
    StdioLaunch(const StdioLaunch&) = delete;
    StdioLaunch& operator=(const StdioLaunch&) = delete;

    Result<LaunchOutcome> run();

private:
    Result<Ok> spawn(HostProcess& h);
    void pump(int timeoutMs);
    void readFrom(HostProcess& h, int& fd, bool isOut);
    void onLine(HostProcess& h, const std::string& line);
    void reap();
    void advance();
    void checkDeadline();
    void stopHosts();
    void fail(std::string why);
    std::string how() const;

    const StdioLaunchPlan& m_plan;
    const std::atomic<bool>* m_stop;
    std::vector<HostProcess> m_hosts;
    std::optional<Error> m_failure;
    bool m_stopping = false;
    bool m_sentAddresses = false;
    bool m_sentGo = false;
    Clock::time_point m_deadline;
    LaunchOutcome m_outcome;
};

void StdioLaunch::fail(std::string why)
{
    if (!m_failure && !m_stopping) {
        m_failure = makeError(ErrorCode::IoError, std::move(why));
    }
}

std::string StdioLaunch::how() const
{
    return m_plan.launcherTemplate.empty() ? ""
                                           : " (started through '" + m_plan.launcherTemplate + "')";
}

Result<Ok> StdioLaunch::spawn(HostProcess& h)
{
    std::vector<std::string> command{m_plan.executable, "run",        "--host",
                                     h.host,            "--rendezvous", "stdio"};
    command.insert(command.end(), m_plan.runArguments.begin(), m_plan.runArguments.end());
    std::vector<std::string> argv = hostArgv(m_plan.launcherTemplate, h.host, command);
    int in[2], out[2], err[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 ||
        ::pipe2(err, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError, std::string("cannot make a pipe: ") +
                                                 std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    closeDescriptorsAbove(actions, STDERR_FILENO); // nothing of the launch reaches a host
    std::vector<char*> words;
    for (std::string& w : argv) {
        words.push_back(w.data());
    }
    words.push_back(nullptr);
    const int rc =
        ::posix_spawn(&h.pid, words[0], &actions, nullptr, words.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    for (const int childEnd : {in[0], out[1], err[1]}) {
        ::close(childEnd);
    }
    h.in = in[1];
    h.out = out[0];
    h.err = err[0];
    for (const int fd : {h.in, h.out, h.err}) {
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    if (rc != 0) {
        h.pid = -1;
        return makeError(ErrorCode::IoError,
                         "cannot start host " + h.host + ": " + argv[0] + ": " + std::strerror(rc));
    }
    StdioPreamble preamble = m_plan.preamble;
    for (std::string& assignment : preamble.environment) {
        assignment = replaceAll(assignment, "{host}", h.host);
    }
    h.pending = stdioPreambleText(preamble);
    return Ok{};
}

void StdioLaunch::onLine(HostProcess& h, const std::string& line)
{
    const std::string hint =
        line.starts_with("xylem-gsum: ") ? "" : " (does a login script print on stdout?)";
    if (h.stage == Stage::Address) {
        const auto said = parseStdioAddressLine(line);
        if (!said || said->first != h.host) {
            fail("host " + h.host + " wrote " + shown(line) +
                 " on its stdout where 'xylem-gsum: address " + h.host +
                 " IP PORT' was expected" + hint);
            return;
        }
        h.address = said->second;
        h.stage = Stage::Ready;
    } else if (h.stage == Stage::Ready || h.stage == Stage::Waiting) {
        const auto ready = parseStdioReadyLine(line);
        if (!ready || *ready != h.host || h.stage == Stage::Waiting) {
            fail("host " + h.host + " wrote " + shown(line) +
                 " on its stdout where 'xylem-gsum: ready " + h.host + "' was expected" + hint);
            return;
        }
        h.stage = Stage::Waiting;
    } else {
        HostReport report;
        if (parseReportLine(line, report)) {
            m_outcome.reports.push_back(report);
        }
        std::printf("[%s] %s\n", h.host.c_str(), line.c_str());
        std::fflush(stdout);
    }
}

// What the pipe has now; a line at a time to onLine (stdout) or to our stderr (the host's).
void StdioLaunch::readFrom(HostProcess& h, int& fd, bool isOut)
{
    std::string& partial = isOut ? h.outLine : h.errLine;
    const auto take = [&](std::string line) {
        if (line.ends_with('\r')) {
            line.pop_back(); // ssh ends its own messages with "\r\n"
        }
        if (isOut) {
            onLine(h, line);
        } else {
            std::fprintf(stderr, "%s\n", line.c_str()); // the host's own log line, as it is
            if (!line.empty()) {
                h.lastError = nodelog::withoutLogPrefix(line); // quoted: its words only
            }
        }
    };
    for (;;) {
        char chunk[8192];
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n > 0) {
            partial.append(chunk, static_cast<size_t>(n));
            for (auto newline = partial.find('\n'); newline != std::string::npos;
                 newline = partial.find('\n')) {
                take(partial.substr(0, newline));
                partial.erase(0, newline + 1);
            }
            if (partial.size() > kMaxOutputLine) {
                take(std::exchange(partial, {}));
            }
            continue;
        }
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0 && errno == EAGAIN) {
            return;
        }
        if (!partial.empty()) {
            take(std::exchange(partial, {}));
        }
        closeFd(fd); // its end (or an error: nothing more to read either way)
        return;
    }
}

void StdioLaunch::pump(int timeoutMs)
{
    std::vector<pollfd> fds;
    for (const HostProcess& h : m_hosts) {
        for (const int fd : {h.out, h.err}) {
            if (fd >= 0) {
                fds.push_back({fd, POLLIN, 0});
            }
        }
        if (h.in >= 0 && !h.pending.empty()) {
            fds.push_back({h.in, POLLOUT, 0});
        }
    }
    if (::poll(fds.data(), fds.size(), timeoutMs) <= 0) {
        return;
    }
    for (HostProcess& h : m_hosts) {
        if (h.out >= 0) {
            readFrom(h, h.out, true);
        }
        if (h.err >= 0) {
            readFrom(h, h.err, false);
        }
        while (h.in >= 0 && !h.pending.empty()) {
            const ssize_t n = ::write(h.in, h.pending.data(), h.pending.size());
            if (n > 0) {
                h.pending.erase(0, static_cast<size_t>(n));
            } else if (n < 0 && errno == EAGAIN) {
                break;
            } else if (!(n < 0 && errno == EINTR)) {
                closeFd(h.in); // it is gone; how it ended says why
                h.pending.clear();
            }
        }
    }
}

void StdioLaunch::reap()
{
    for (HostProcess& h : m_hosts) {
        int status = 0;
        if (h.pid <= 0 || h.status || ::waitpid(h.pid, &status, WNOHANG) != h.pid) {
            continue;
        }
        h.status = status;
        for (int* fd : {&h.out, &h.err}) { // its last words, for the message
            if (*fd >= 0) {
                readFrom(h, *fd, fd == &h.out);
            }
        }
        const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
        const std::string said = h.lastError.empty() ? "" : ": " + h.lastError;
        if (h.stage != Stage::Running) {
            const char* before = h.stage == Stage::Address ? "before it said its address"
                                 : h.stage == Stage::Ready ? "before it got ready"
                                                           : "before the start";
            // Its peers' addresses never came: the host that did not send one is the cause.
            const auto silent = std::find_if(m_hosts.begin(), m_hosts.end(), [](const auto& o) {
                return o.pid > 0 && o.stage == Stage::Address;
            });
            const std::string cause = h.stage != Stage::Address && silent != m_hosts.end()
                                          ? "; host " + silent->host + " has sent no address"
                                          : "";
            fail("host " + h.host + " " + describeExit(status) + " " + before + how() + said +
                 cause);
        } else if (!clean) {
            fail("host " + h.host + " " + describeExit(status) + said);
        }
    }
}

void StdioLaunch::advance()
{
    const auto all = [this](auto pred) { return std::all_of(m_hosts.begin(), m_hosts.end(), pred); };
    if (!m_sentAddresses && all([](const HostProcess& h) { return h.address.has_value(); })) {
        // One host on loopback and another not: the first cannot be reached from the second's
        // machine (its peers' names did not resolve where it runs).
        const auto remote = std::find_if(m_hosts.begin(), m_hosts.end(), [](const HostProcess& h) {
            return !isLoopback(h.address->ip);
        });
        for (const HostProcess& h : m_hosts) {
            if (remote != m_hosts.end() && isLoopback(h.address->ip)) {
                fail("host " + h.host + " listens on " + h.address->ip + ", which host " +
                     remote->host + " (at " + remote->address->ip +
                     ") cannot reach: give the address to listen on with --listen IP, or make "
                     "the hosts' names resolve where they run");
                return;
            }
        }
        std::vector<std::pair<std::string, Address>> list;
        std::string shownList;
        for (const HostProcess& h : m_hosts) {
            list.emplace_back(h.host, *h.address);
            shownList += (shownList.empty() ? "" : ", ") + h.host + " " + h.address->ip + ":" +
                         std::to_string(h.address->port);
        }
        std::printf("gsum: hosts at %s\n", shownList.c_str()); // where each one runs, for a person
        std::fflush(stdout);
        const std::string text = stdioAddressListText(list);
        for (HostProcess& h : m_hosts) {
            h.pending += text;
        }
        m_sentAddresses = true;
    }
    if (m_sentAddresses && !m_sentGo &&
        all([](const HostProcess& h) { return h.stage == Stage::Waiting; })) {
        for (HostProcess& h : m_hosts) {
            h.pending += kStdioGo;
            h.stage = Stage::Running;
        }
        m_sentGo = true;
    }
}

void StdioLaunch::checkDeadline()
{
    if (m_sentGo || Clock::now() < m_deadline) {
        return;
    }
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(m_plan.startTimeout);
    // A host that sent no address holds up every other: it is the one to name.
    for (const Stage stage : {Stage::Address, Stage::Ready}) {
        for (const HostProcess& h : m_hosts) {
            if (h.stage == stage) {
                fail("host " + h.host +
                     (stage == Stage::Address ? " sent no address" : " did not get ready") +
                     " within the start time-out (" + std::to_string(seconds.count()) + " s)" +
                     how() + (h.lastError.empty() ? "" : "; its last words: " + h.lastError));
                return;
            }
        }
    }
}

// Closing a host's stdin is its lifeline ending: it cleans up and ends. One that does not (a
// launcher that ignores its stdin) is ended by signal; every one is reaped.
void StdioLaunch::stopHosts()
{
    m_stopping = true;
    for (HostProcess& h : m_hosts) {
        closeFd(h.in);
        h.pending.clear();
    }
    const auto ended = [this] {
        return std::all_of(m_hosts.begin(), m_hosts.end(),
                           [](const HostProcess& h) { return h.pid <= 0 || h.status; });
    };
    for (const int signal : {0, SIGTERM, SIGKILL}) {
        for (const HostProcess& h : m_hosts) {
            if (signal != 0 && h.pid > 0 && !h.status) { // never kill(-1): every process of ours
                ::kill(h.pid, signal);
            }
        }
        const auto until = Clock::now() + kGrace;
        while (!ended() && Clock::now() < until) {
            pump(20);
            reap();
        }
    }
}

Result<LaunchOutcome> StdioLaunch::run()
{
    m_deadline = Clock::now() + m_plan.startTimeout;
    for (size_t i = 0; i < m_hosts.size() && !m_failure; ++i) {
        m_hosts[i].host = m_plan.hosts[i];
        if (auto started = spawn(m_hosts[i]); !started) {
            m_failure = started.error();
        }
    }
    while (!m_failure) {
        if (interrupted() || (m_stop && m_stop->load())) {
            m_outcome.interrupted = true;
            break;
        }
        reap();
        if (std::all_of(m_hosts.begin(), m_hosts.end(),
                        [](const HostProcess& h) { return h.status.has_value(); })) {
            break;
        }
        advance();
        checkDeadline();
        if (!m_failure) {
            pump(50);
        }
    }
    stopHosts(); // after a clean run: reaps nothing, reads what is left
    for (int round = 0; round < 50; ++round) { // output still in the pipes (bounded: a
        pump(20);                              // launcher's child may hold them open)
        if (std::all_of(m_hosts.begin(), m_hosts.end(),
                        [](const HostProcess& h) { return h.out < 0 && h.err < 0; })) {
            break;
        }
    }
    if (m_failure) {
        return *m_failure;
    }
    return m_outcome;
}

} // namespace

Result<LaunchOutcome> launchThroughStdio(const StdioLaunchPlan& plan,
                                         const std::atomic<bool>* stop)
{
    catchInterrupts();
    std::signal(SIGPIPE, SIG_IGN); // a host that died at once must not take the launch with it
    StdioLaunch launch(plan, stop);
    return launch.run();
}

} // namespace xylem::allreduce
