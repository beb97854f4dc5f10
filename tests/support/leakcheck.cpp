// xylem-leakcheck SUITE [ARGS...]: runs one test suite and fails it if it leaves anything behind:
// a process (killed, by pid), a shared-memory object it made (removed), or anything in the
// private TMPDIR it runs with (removed: temporary files and directories, socket files).
//
// It makes itself a child subreaper, so that what the suite's processes orphan comes to it
// rather than to init, and it notes every process below it while the suite runs, so that only
// the suite's own leftovers count when suites run side by side (ctest --parallel). A process
// still there a few seconds after the suite ended is a leak; one ending on its own by then is not.

#include "tests/support/processtree.h"
#include "tests/support/shmleaks.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <pthread.h>
#include <set>
#include <spawn.h>
#include <string>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;
using namespace xylem::testing;
using Clock = std::chrono::steady_clock;

constexpr auto kPoll = std::chrono::milliseconds(20);
constexpr auto kGrace = std::chrono::seconds(5); // for processes ending after the suite

volatile std::sig_atomic_t g_forward = 0; // a signal to pass on to the suite

void onSignal(int signal)
{
    g_forward = signal;
}

struct Suite
{
    std::string name;
    pid_t pid = -1;
    int status = 0;
    bool ended = false;
    std::set<ProcessId> seen; // it and every process seen below this one while it ran
};

// A directory of the suite's own; `shared` opens it to every user as /tmp is (sticky), for
// suites that drop privileges in a child (tst_session's read-only checks).
std::string privateDirectory(const char* stem, bool shared)
{
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/" + stem + "-XXXXXX";
    if (!::mkdtemp(pattern.data())) {
        return {};
    }
    if (shared) {
        ::chmod(pattern.c_str(), 01777);
    }
    return pattern;
}

// The suite's environment: its own TMPDIR, and (when none is set) a runtime directory for Qt
// apart from it (Qt makes one in TMPDIR otherwise: not the suite's leftover).
pid_t start(char** argv, const std::string& tmpdir, const std::string& runtimeDir)
{
    std::vector<std::string> env{"TMPDIR=" + tmpdir};
    if (!runtimeDir.empty()) {
        env.push_back("XDG_RUNTIME_DIR=" + runtimeDir);
    }
    for (char** e = environ; *e; ++e) {
        if (!std::string(*e).starts_with("TMPDIR=")) {
            env.emplace_back(*e);
        }
    }
    std::vector<char*> envp;
    for (std::string& e : env) {
        envp.push_back(e.data());
    }
    envp.push_back(nullptr);
    // The suite starts with no signal blocked: SIGCHLD is blocked here only for awaitChild().
    posix_spawnattr_t attr;
    ::posix_spawnattr_init(&attr);
    sigset_t none;
    sigemptyset(&none);
    ::posix_spawnattr_setsigmask(&attr, &none);
    ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK);
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, argv[0], nullptr, &attr, argv, envp.data());
    ::posix_spawnattr_destroy(&attr);
    return spawned == 0 ? pid : -1;
}

// Until a process below us ends (SIGCHLD, blocked in main) or kPoll passes, whichever comes
// first: the suite's end is seen at once, and the processes below are still noted while it runs
// (a process that lives less than kPoll may go unnoticed; its leftovers are still found).
void awaitChild()
{
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(kPoll).count();
    const timespec poll{static_cast<time_t>(ns / 1'000'000'000),
                        static_cast<long>(ns % 1'000'000'000)};
    ::sigtimedwait(&child, nullptr, &poll);
}

// Reaps what ended (the suite, orphans that came here) and notes who runs below us now.
void watch(Suite& suite)
{
    int status = 0;
    for (pid_t pid; (pid = ::waitpid(-1, &status, WNOHANG)) > 0;) {
        if (pid == suite.pid) {
            suite.status = status;
            suite.ended = true;
        }
    }
    for (const ProcessId& p : descendantsOf(::getpid())) {
        suite.seen.insert(p);
    }
    if (const int signal = g_forward; signal != 0 && !suite.ended) {
        g_forward = 0;
        ::kill(suite.pid, signal);
    }
}

// The processes below us that still run (a zombie is an end not yet reaped).
std::vector<ProcessId> runningBelow()
{
    std::vector<ProcessId> running;
    for (const ProcessId& p : descendantsOf(::getpid())) {
        if (isRunning(p)) {
            running.push_back(p);
        }
    }
    return running;
}

// The processes still below us once the suite ended and the grace time passed, killed.
std::vector<std::string> killLeftovers(Suite& suite)
{
    const auto deadline = Clock::now() + kGrace;
    while (!runningBelow().empty() && Clock::now() < deadline) {
        watch(suite);
        awaitChild();
    }
    std::vector<std::string> left;
    for (int round = 0; round < 5; ++round) { // what a leftover starts while being killed
        watch(suite);
        const auto remaining = runningBelow();
        if (remaining.empty()) {
            break;
        }
        for (const ProcessId& p : remaining) {
            left.push_back(describeProcess(p.pid));
            suite.seen.insert(p);
        }
        killStillRunning(remaining);
    }
    watch(suite);
    return left;
}

std::vector<std::string> removeShmLeftovers(const Suite& suite)
{
    std::vector<std::string> left = shmLeftBy(suite.seen);
    for (const std::string& name : left) {
        std::error_code ec;
        fs::remove("/dev/shm/" + name, ec);
    }
    return left;
}

std::vector<std::string> removeTmpdirLeftovers(const std::string& tmpdir)
{
    std::vector<std::string> left;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(tmpdir, ec);
         !ec && it != fs::recursive_directory_iterator() && left.size() < 20; it.increment(ec)) {
        const auto type = it->symlink_status(ec).type();
        left.push_back(std::string(type == fs::file_type::socket      ? "socket "
                                   : type == fs::file_type::directory ? "directory "
                                                                      : "file ") +
                       it->path().string());
    }
    fs::remove_all(tmpdir, ec);
    return left;
}

bool report(const std::string& suite, const std::string& what, const std::vector<std::string>& left)
{
    if (left.empty()) {
        return false;
    }
    std::fprintf(stderr, "xylem-leakcheck: %s left %zu %s:\n", suite.c_str(), left.size(),
                 what.c_str());
    for (const std::string& item : left) {
        std::fprintf(stderr, "  %s\n", item.c_str());
    }
    return true;
}

int exitCodeOf(int status)
{
    return WIFEXITED(status) ? WEXITSTATUS(status)
                             : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "usage: xylem-leakcheck SUITE [ARGS...]\n");
        return 2;
    }
    ::prctl(PR_SET_CHILD_SUBREAPER, 1);
    sigset_t child;
    sigemptyset(&child);
    sigaddset(&child, SIGCHLD);
    ::pthread_sigmask(SIG_BLOCK, &child, nullptr); // awaited in awaitChild()
    for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
        std::signal(signal, onSignal);
    }
    Suite suite;
    suite.name = fs::path(argv[1]).filename().string();
    const std::string tmpdir = privateDirectory("xylem-lc", true);
    const std::string runtimeDir =
        std::getenv("XDG_RUNTIME_DIR") ? "" : privateDirectory("xylem-lcrun", false);
    suite.pid = tmpdir.empty() ? -1 : start(argv + 1, tmpdir, runtimeDir);
    if (suite.pid < 0) {
        std::fprintf(stderr, "xylem-leakcheck: cannot start %s\n", argv[1]);
        for (const std::string& dir : {tmpdir, runtimeDir}) {
            std::error_code ec;
            fs::remove_all(dir, ec);
        }
        return 2;
    }
    if (const auto id = processId(suite.pid)) {
        suite.seen.insert(*id);
    }
    while (!suite.ended) {
        watch(suite);
        awaitChild();
    }
    const auto processes = killLeftovers(suite);
    bool leaked = report(suite.name, "processes (killed)", processes);
    leaked =
        report(suite.name, "shared-memory objects (removed)", removeShmLeftovers(suite)) || leaked;
    leaked = report(suite.name, "entries in its TMPDIR (removed)", removeTmpdirLeftovers(tmpdir)) ||
             leaked;
    if (!runtimeDir.empty()) {
        std::error_code ec;
        fs::remove_all(runtimeDir, ec);
    }
    const int code = exitCodeOf(suite.status);
    return code != 0 ? code : (leaked ? 1 : 0);
}
