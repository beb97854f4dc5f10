// xylem-netcheck: the few things tst_emulatedcluster asks of a process on an emulated host,
// with no interpreter needed there.
//   serve ADDRESS PORT      listens, says "listening ADDRESS PORT", answers every connection
//                           with its host name and a newline, until killed
//   connect HOST PORT MS    connects (HOST: an address or a name of the hosts file) and prints
//                           "reply <line>"; exit 1 with the cause when it fails within MS
//   clock                   prints "monotonic NS boottime NS" (CLOCK_MONOTONIC, CLOCK_BOOTTIME)
//   hostname                prints the host name

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

namespace {

std::string hostName()
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return name;
}

int failed(const std::string& what)
{
    std::printf("failed: %s: %s\n", what.c_str(), std::strerror(errno));
    return 1;
}

int serve(const char* address, int port)
{
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const int on = 1;
    ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    if (::inet_pton(AF_INET, address, &a.sin_addr) != 1) {
        return failed(std::string("not an IPv4 address: ") + address);
    }
    if (::bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(s, 16) != 0) {
        return failed(std::string("cannot listen on ") + address);
    }
    std::printf("listening %s %d\n", address, port);
    std::fflush(stdout);
    const std::string reply = hostName() + "\n";
    for (;;) {
        const int c = ::accept4(s, nullptr, nullptr, SOCK_CLOEXEC);
        if (c >= 0) {
            (void)!::write(c, reply.data(), reply.size());
            ::close(c);
        }
    }
}

// Waits for fd to be ready for `events` until the deadline; false at the time-out.
bool waitFor(int fd, short events, std::chrono::steady_clock::time_point deadline)
{
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    pollfd p{fd, events, 0};
    return left.count() > 0 && ::poll(&p, 1, static_cast<int>(left.count())) == 1;
}

int connectTo(const char* host, const char* port, int timeoutMs)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int rc = ::getaddrinfo(host, port, &hints, &found); rc != 0) {
        std::printf("failed: cannot resolve %s: %s\n", host, ::gai_strerror(rc));
        return 1;
    }
    const int s = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    const int rc = ::connect(s, found->ai_addr, found->ai_addrlen);
    ::freeaddrinfo(found);
    if (rc != 0 && errno != EINPROGRESS) {
        return failed("connect");
    }
    int error = 0;
    socklen_t size = sizeof error;
    if (!waitFor(s, POLLOUT, deadline)) {
        errno = ETIMEDOUT;
        return failed("connect");
    }
    ::getsockopt(s, SOL_SOCKET, SO_ERROR, &error, &size);
    if (error != 0) {
        errno = error;
        return failed("connect");
    }
    std::string line;
    char c = 0;
    while (line.size() < 256 && waitFor(s, POLLIN, deadline) && ::read(s, &c, 1) == 1 &&
           c != '\n') {
        line += c;
    }
    std::printf("reply %s\n", line.c_str());
    return c == '\n' ? 0 : 1;
}

long long nanoseconds(clockid_t clock)
{
    timespec t{};
    ::clock_gettime(clock, &t);
    return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "serve" && argc == 4) {
        return serve(argv[2], std::atoi(argv[3]));
    }
    if (mode == "connect" && argc == 5) {
        return connectTo(argv[2], argv[3], std::atoi(argv[4]));
    }
    if (mode == "clock" && argc == 2) {
        std::printf("monotonic %lld boottime %lld\n", nanoseconds(CLOCK_MONOTONIC),
                    nanoseconds(CLOCK_BOOTTIME));
        return 0;
    }
    if (mode == "hostname" && argc == 2) {
        std::printf("%s\n", hostName().c_str());
        return 0;
    }
    std::fprintf(stderr, "usage: xylem-netcheck serve ADDRESS PORT | connect HOST PORT MS | "
                         "clock | hostname\n");
    return 2;
}
