#include "core/model/lifeline.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <string_view>
#include <sys/eventfd.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace xylem {

Result<Lifeline> Lifeline::make()
{
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    return Lifeline(fds[0], fds[1]);
}

Lifeline::Lifeline(Lifeline&& other) noexcept
    : m_child(std::exchange(other.m_child, -1))
    , m_parent(std::exchange(other.m_parent, -1))
{
}

Lifeline& Lifeline::operator=(Lifeline&& other) noexcept
{
    if (this != &other) {
        close();
        m_child = std::exchange(other.m_child, -1);
        m_parent = std::exchange(other.m_parent, -1);
    }
    return *this;
}

Lifeline::~Lifeline()
{
    close();
}

void Lifeline::close()
{
    for (int* fd : {&m_child, &m_parent}) {
        if (*fd >= 0) {
            ::close(*fd);
            *fd = -1;
        }
    }
}

void Lifeline::addSpawnActions(posix_spawn_file_actions_t& actions, int target) const
{
    // dup2 clears close-on-exec on the copy (also when m_child == target: glibc >= 2.29).
    posix_spawn_file_actions_adddup2(&actions, m_child, target);
    closeDescriptorsAbove(actions, std::max(target, 2));
}

void Lifeline::childStarted()
{
    if (m_child >= 0) {
        ::close(m_child);
        m_child = -1;
    }
}

bool Lifeline::send(const std::string& text)
{
    // A child that died at once must not take this process with it: SIGPIPE is held back
    // while writing, and one it raised is taken out of the pending set.
    sigset_t pipeSignal, old;
    sigemptyset(&pipeSignal);
    sigaddset(&pipeSignal, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipeSignal, &old);
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(m_parent, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            if (errno == EPIPE) {
                const timespec none{};
                ::sigtimedwait(&pipeSignal, nullptr, &none);
            }
            break;
        }
        done += static_cast<size_t>(n);
    }
    ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
    return done == text.size();
}

Result<std::unique_ptr<LifelineWatch>> LifelineWatch::start(int fd,
                                                            std::function<void()> onParentGone)
{
    const int wake = ::eventfd(0, EFD_CLOEXEC);
    if (wake < 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot watch the parent: ") + std::strerror(errno));
    }
    return std::unique_ptr<LifelineWatch>(new LifelineWatch(fd, wake, std::move(onParentGone)));
}

LifelineWatch::LifelineWatch(int fd, int wake, std::function<void()> onParentGone)
    : m_fd(fd)
    , m_wake(wake)
    , m_onParentGone(std::move(onParentGone))
    , m_thread([this] { watch(); })
{
}

LifelineWatch::~LifelineWatch()
{
    const std::uint64_t one = 1;
    (void)!::write(m_wake, &one, sizeof one);
    m_thread.join();
    ::close(m_wake);
}

void LifelineWatch::watch()
{
    pollfd fds[2] = {{m_fd, POLLIN, 0}, {m_wake, POLLIN, 0}};
    for (;;) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR) {
                continue;
            }
            break; // cannot watch: treat as gone rather than outlive the parent unnoticed
        }
        if (fds[1].revents != 0) {
            return;
        }
        char skipped[256];
        const ssize_t n = ::read(m_fd, skipped, sizeof skipped);
        if (n > 0 || (n < 0 && (errno == EINTR || errno == EAGAIN))) {
            continue;
        }
        break; // end-of-file (or the descriptor broke): the parent let go
    }
    m_onParentGone();
}

bool isLifeline(int fd)
{
    struct stat st
    {
    };
    return ::fstat(fd, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode));
}

std::optional<int> inheritedLifeline()
{
    const char* text = std::getenv(kLifelineVariable);
    if (!text) {
        return std::nullopt;
    }
    const std::string_view value(text);
    int fd = -1;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), fd);
    const bool valid = ec == std::errc() && end == value.data() + value.size() && fd >= 0;
    ::unsetenv(kLifelineVariable);
    if (!valid || !isLifeline(fd)) {
        return std::nullopt;
    }
    ::fcntl(fd, F_SETFD, FD_CLOEXEC); // this process's own children get lifelines of their own
    return fd;
}

void closeDescriptorsAbove(posix_spawn_file_actions_t& actions, int last)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    posix_spawn_file_actions_addclosefrom_np(&actions, last + 1);
#else
    (void)actions; // older C libraries: the descriptors' close-on-exec flags are what is left
    (void)last;
#endif
}

void closeOnExec(int fd)
{
    if (fd >= 0) {
        ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC);
    }
}

} // namespace xylem
