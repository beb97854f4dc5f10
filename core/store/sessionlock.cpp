#include "core/store/sessionlock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace xylem::store {

namespace {

constexpr auto kPoll = std::chrono::milliseconds(10);
constexpr int kReopens = 100; // the file vanished under us this often: give up

// Whether fd is still the file at path: its last holder removes it, maybe after we opened it.
bool isStillThere(int fd, const std::string& path)
{
    struct stat opened
    {
    };
    struct stat named
    {
    };
    return ::fstat(fd, &opened) == 0 && ::stat(path.c_str(), &named) == 0 &&
           opened.st_dev == named.st_dev && opened.st_ino == named.st_ino;
}

Error busy(const std::string& sessionPath, LockKind kind)
{
    return makeError(ErrorCode::Busy,
                     kind == LockKind::Exclusive
                         ? "another process is writing this session (a recording under way?): "
                           "wait until it has finished, or stop it, and try again"
                         : "another process has the session to itself (recover): try again when "
                           "it has finished",
                     sessionPath);
}

// Polls flock(fd, op) until it is granted or the time is up.
Result<bool> lockWithin(int fd, int op, std::chrono::milliseconds wait)
{
    const auto deadline = std::chrono::steady_clock::now() + wait;
    for (;;) {
        if (::flock(fd, op | LOCK_NB) == 0) {
            return true;
        }
        if (errno != EWOULDBLOCK && errno != EINTR) {
            return makeError(ErrorCode::IoError,
                             std::string("cannot lock the session: ") + std::strerror(errno));
        }
        if (std::chrono::steady_clock::now() >= deadline) {
            return false;
        }
        std::this_thread::sleep_for(kPoll);
    }
}

} // namespace

Result<SessionLock> SessionLock::acquire(const std::string& sessionPath, LockKind kind,
                                         std::chrono::milliseconds wait)
{
    const std::string path = sessionPath + "-lock";
    const int op = kind == LockKind::Exclusive ? LOCK_EX : LOCK_SH;
    for (int reopen = 0; reopen < kReopens; ++reopen) {
        // Read-only is enough for flock, and lets a writer use a lock file another user made.
        const int fd = ::open(path.c_str(), O_RDONLY | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0) {
            return makeError(ErrorCode::IoError,
                             "cannot create the lock file " + path + ": " + std::strerror(errno) +
                                 " (a session is written with its folder writable)",
                             sessionPath);
        }
        auto locked = lockWithin(fd, op, wait);
        if (!locked || !locked.value()) {
            ::close(fd);
            return locked ? busy(sessionPath, kind) : locked.error();
        }
        if (isStillThere(fd, path)) {
            SessionLock lock(fd, path);
            lock.m_exclusive = kind == LockKind::Exclusive;
            return lock;
        }
        ::close(fd); // its last holder removed it: lock the one there now
    }
    return makeError(ErrorCode::IoError, "the lock file " + path + " keeps disappearing",
                     sessionPath);
}

SessionLock::SessionLock(SessionLock&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_path(std::move(other.m_path))
    , m_exclusive(other.m_exclusive)
{
}

SessionLock& SessionLock::operator=(SessionLock&& other) noexcept
{
    if (this != &other) {
        release();
        m_fd = std::exchange(other.m_fd, -1);
        m_path = std::move(other.m_path);
        m_exclusive = other.m_exclusive;
    }
    return *this;
}

SessionLock::~SessionLock()
{
    release();
}

void SessionLock::share()
{
    if (m_fd >= 0 && m_exclusive && ::flock(m_fd, LOCK_SH) == 0) {
        m_exclusive = false;
    }
}

bool SessionLock::takeAloneIfLast()
{
    if (m_fd >= 0 && !m_exclusive && ::flock(m_fd, LOCK_EX | LOCK_NB) == 0) {
        m_exclusive = true;
    }
    return m_fd >= 0 && m_exclusive;
}

// The last holder removes the file; one that opened it meanwhile finds it gone and reopens.
void SessionLock::release()
{
    if (m_fd < 0) {
        return;
    }
    if (takeAloneIfLast() && isStillThere(m_fd, m_path)) {
        ::unlink(m_path.c_str());
    }
    ::close(m_fd);
    m_fd = -1;
}

} // namespace xylem::store
