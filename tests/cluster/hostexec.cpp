// xylem-hostexec --ns-of PID [--ns net,uts,...] [--report FD] -- PROGRAM [ARGS...]: runs a
// program inside the namespaces of process PID (an emulated host's init) and tells the harness
// the program's pid. nsenter cannot: entering a pid namespace takes a fork, and nsenter keeps
// the child's pid to itself. Here "pid N" (the pid in the harness's own pid namespace, which
// it can kill) goes to --report before the program runs, "error: ..." if it cannot run; then
// this process waits for the program and ends as it did (same exit code, same signal), so the
// harness reaps it for the program's status. SIGTERM, SIGINT and SIGHUP are passed on.
//
// --ns (default: all of net,uts,ipc,time,pid,mnt) names which to enter: the harness wires a
// host's veth from within its network namespace alone, where pids are still the harness's.

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sched.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace {

struct Options
{
    std::string target;
    std::string namespaces = "net,uts,ipc,time,pid,mnt";
    int report = -1;
    char** program = nullptr;
};

volatile pid_t g_child = -1;

void passOn(int signal)
{
    if (g_child > 0) {
        ::kill(g_child, signal);
    }
}

void say(int fd, const std::string& line)
{
    if (fd >= 0) {
        const std::string text = line + "\n";
        (void)!::write(fd, text.data(), text.size()); // one write: lines do not interleave
    }
}

[[noreturn]] void fail(const Options& o, const std::string& what)
{
    say(o.report, "error: " + what);
    std::fprintf(stderr, "xylem-hostexec: %s\n", what.c_str());
    std::exit(126);
}

bool parse(int argc, char** argv, Options& o)
{
    int i = 1;
    for (; i + 1 < argc && std::string(argv[i]) != "--"; i += 2) {
        const std::string key = argv[i];
        if (key == "--ns-of") {
            o.target = argv[i + 1];
        } else if (key == "--ns") {
            o.namespaces = argv[i + 1];
        } else if (key == "--report") {
            o.report = std::atoi(argv[i + 1]);
        } else {
            return false;
        }
    }
    if (i >= argc || std::string(argv[i]) != "--" || i + 1 >= argc || o.target.empty()) {
        return false;
    }
    o.program = argv + i + 1;
    return true;
}

// Every descriptor is opened before the first setns: once in the host's mount namespace,
// /proc is the host's and the target's pid means nothing there.
void enter(const Options& o)
{
    char cwd[4096];
    if (!::getcwd(cwd, sizeof cwd)) {
        fail(o, std::string("cannot read the working directory: ") + std::strerror(errno));
    }
    std::vector<std::pair<std::string, int>> opened;
    for (const char* ns : {"net", "uts", "ipc", "time", "pid", "mnt"}) { // mnt last
        if (("," + o.namespaces + ",").find("," + std::string(ns) + ",") == std::string::npos) {
            continue;
        }
        const std::string path = "/proc/" + o.target + "/ns/" + ns;
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            fail(o, "cannot open " + path + ": " + std::strerror(errno));
        }
        opened.emplace_back(ns, fd);
    }
    for (const auto& [ns, fd] : opened) {
        if (::setns(fd, 0) != 0) {
            fail(o, "cannot enter the " + ns + " namespace of " + o.target + ": " +
                        std::strerror(errno));
        }
        ::close(fd);
    }
    if (::chdir(cwd) != 0) { // entering a mount namespace moved us to its root
        fail(o, std::string("cannot enter ") + cwd + " on the host: " + std::strerror(errno));
    }
}

// Ends as the program ended, so that the harness's waitpid reads the program's status.
[[noreturn]] void endAs(int status)
{
    if (WIFSIGNALED(status)) {
        const rlimit noCore{0, 0};
        ::setrlimit(RLIMIT_CORE, &noCore);
        ::signal(WTERMSIG(status), SIG_DFL);
        sigset_t all;
        sigfillset(&all);
        ::sigprocmask(SIG_UNBLOCK, &all, nullptr);
        ::kill(::getpid(), WTERMSIG(status));
    }
    std::exit(WIFEXITED(status) ? WEXITSTATUS(status) : 125);
}

} // namespace

int main(int argc, char** argv)
{
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: xylem-hostexec --ns-of PID [--ns net,uts,ipc,time,pid,mnt] "
                             "[--report FD] -- PROGRAM [ARGS...]\n");
        return 2;
    }
    if (o.report >= 0) {
        ::fcntl(o.report, F_SETFD, FD_CLOEXEC); // the program's exec closes its copy
    }
    enter(o);
    for (int s : {SIGTERM, SIGINT, SIGHUP}) {
        ::signal(s, passOn);
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::execvp(o.program[0], o.program);
        say(o.report,
            std::string("error: cannot run ") + o.program[0] + ": " + std::strerror(errno));
        ::_exit(127);
    }
    if (child < 0) {
        fail(o, std::string("cannot fork: ") + std::strerror(errno));
    }
    g_child = child;
    say(o.report, "pid " + std::to_string(child));
    if (o.report >= 0) {
        ::close(o.report);
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    endAs(status);
}
