// xylem-hostinit --name NAME [--hosts FILE] [--hide DIR]... [--lifeline FD]: pid 1 of one
// emulated host, started as `unshare --pid [--time --monotonic S] --fork --kill-child=KILL
// xylem-hostinit ...`. It gives itself (and so every process of the host) its own network, UTS,
// IPC and mount namespaces, so that nothing it does can reach the machine's own: the host name,
// a fresh /proc, private tmpfs on /dev/shm and /run, the cluster's hosts file over /etc/hosts,
// empty tmpfs over directories the host must not see, loopback up. Then it says "ready" on
// stdout and reaps orphans until it is told to end: SIGTERM/SIGINT/SIGHUP, or end-of-file on
// the lifeline (the harness ended, however). As pid 1 its end takes every process of the host
// with it, and with them the host's namespaces and its end of the veth pair.

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <net/if.h>
#include <poll.h>
#include <sched.h>
#include <string>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

struct Options
{
    std::string name;
    std::string hostsFile;
    std::vector<std::string> hidden;
    int lifeline = -1;
};

volatile std::sig_atomic_t g_stop = 0;

void onStop(int)
{
    g_stop = 1;
}

void onChild(int) {}

[[noreturn]] void fail(const Options& o, const std::string& what)
{
    std::fprintf(stderr, "xylem-hostinit %s: %s\n", o.name.c_str(), what.c_str());
    std::exit(1);
}

[[noreturn]] void failErrno(const Options& o, const std::string& what)
{
    fail(o, what + ": " + std::strerror(errno));
}

bool parse(int argc, char** argv, Options& o)
{
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string key = argv[i];
        const std::string value = argv[i + 1];
        if (key == "--name") {
            o.name = value;
        } else if (key == "--hosts") {
            o.hostsFile = value;
        } else if (key == "--hide") {
            o.hidden.push_back(value);
        } else if (key == "--lifeline") {
            o.lifeline = std::atoi(value.c_str());
        } else {
            return false;
        }
    }
    return argc % 2 == 1 && !o.name.empty();
}

void mountOrFail(const Options& o, const char* source, const std::string& target, const char* type,
                 unsigned long flags, const char* data)
{
    if (::mount(source, target.c_str(), type, flags, data) != 0) {
        failErrno(o, "cannot mount " + std::string(type ? type : "a bind") + " on " + target);
    }
}

// Private namespaces first: every change below stays inside the host.
void isolate(const Options& o)
{
    if (::getpid() != 1) {
        fail(o, "must be pid 1 of a new pid namespace (unshare --pid --fork)");
    }
    if (::unshare(CLONE_NEWNET | CLONE_NEWUTS | CLONE_NEWIPC | CLONE_NEWNS) != 0) {
        failErrno(o, "cannot make the host's namespaces");
    }
    mountOrFail(o, nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr);
    mountOrFail(o, "proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, nullptr);
    mountOrFail(o, "shm", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
    mountOrFail(o, "run", "/run", "tmpfs", MS_NOSUID | MS_NODEV, "mode=755");
    ::mkdir("/run/sshd", 0755); // sshd's privilege separation directory
    if (!o.hostsFile.empty()) {
        mountOrFail(o, o.hostsFile.c_str(), "/etc/hosts", nullptr, MS_BIND, nullptr);
    }
    for (const std::string& dir : o.hidden) {
        mountOrFail(o, "hidden", dir, "tmpfs", MS_NOSUID | MS_NODEV, "mode=700");
    }
    if (::sethostname(o.name.data(), o.name.size()) != 0) {
        failErrno(o, "cannot set the host name");
    }
}

void loopbackUp(const Options& o)
{
    const int s = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    ifreq request{};
    std::strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
    if (s < 0 || ::ioctl(s, SIOCGIFFLAGS, &request) != 0) {
        failErrno(o, "cannot read the flags of lo");
    }
    request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
    if (::ioctl(s, SIOCSIFFLAGS, &request) != 0) {
        failErrno(o, "cannot bring lo up");
    }
    ::close(s);
}

// Tells the harness, then lets stdout go (the harness reads to this line; later output of
// ours belongs in the log, stderr).
void sayReady()
{
    std::fputs("ready\n", stdout);
    std::fflush(stdout);
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
}

// Signals are held back except while waiting in ppoll, so that none is missed between a
// check and the wait. A handler is needed: pid 1 of a namespace ignores a default one.
void serve(const Options& o)
{
    sigset_t held;
    sigemptyset(&held);
    for (int s : {SIGCHLD, SIGTERM, SIGINT, SIGHUP}) {
        sigaddset(&held, s);
        struct sigaction action
        {
        };
        action.sa_handler = s == SIGCHLD ? onChild : onStop;
        ::sigaction(s, &action, nullptr);
    }
    ::sigprocmask(SIG_BLOCK, &held, nullptr);
    sigset_t open;
    sigemptyset(&open);
    while (!g_stop) {
        while (::waitpid(-1, nullptr, WNOHANG) > 0) {
        }
        pollfd p{o.lifeline, POLLIN, 0};
        if (::ppoll(&p, o.lifeline >= 0 ? 1 : 0, nullptr, &open) > 0) {
            char buffer[256];
            const ssize_t n = ::read(o.lifeline, buffer, sizeof buffer);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) {
                break; // the harness is gone
            }
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: xylem-hostinit --name NAME [--hosts FILE] [--hide DIR]... "
                             "[--lifeline FD]\n");
        return 2;
    }
    isolate(o);
    loopbackUp(o);
    sayReady();
    serve(o);
    return 0; // pid 1 ends: the kernel ends every other process of the host
}
