#pragma once

// Who may write a session: an advisory lock (flock) on a file beside it, PATH-lock. Every
// writer (a recording, an import, an edit) holds it shared, so that they write side by side as
// SQLite lets them; what must be alone holds it exclusively: creating the file, and recover,
// which rewrites the runs a live writer still owns. Readers take no lock. The kernel drops the
// lock of a process that dies, so a killed writer never leaves the session locked; the lock
// file goes when its last holder lets go, leaving the session one file again.

#include "core/model/result.h"

#include <chrono>
#include <string>

namespace xylem::store {

enum class LockKind
{
    Shared,
    Exclusive
};

class SessionLock
{
public:
    // The lock of the session at sessionPath, waiting at most `wait` for a holder of the other
    // kind; Busy naming the session when it stays taken.
    static Result<SessionLock> acquire(const std::string& sessionPath, LockKind kind,
                                       std::chrono::milliseconds wait);

    SessionLock() = default; // holds nothing
    SessionLock(SessionLock&& other) noexcept;
    SessionLock& operator=(SessionLock&& other) noexcept;
    SessionLock(const SessionLock&) = delete;
    SessionLock& operator=(const SessionLock&) = delete;
    ~SessionLock();

    bool held() const { return m_fd >= 0; }
    // Exclusive to shared, once what had to be alone is done.
    void share();
    // Shared to exclusive without waiting: true when no other writer holds the session (the
    // lock is then exclusive); false leaves this one holding nothing, as flock(2) does.
    bool takeAloneIfLast();

private:
    SessionLock(int fd, std::string path)
        : m_fd(fd)
        , m_path(std::move(path))
    {
    }
    void release();

    int m_fd = -1;
    std::string m_path; // of the lock file
    bool m_exclusive = false;
};

} // namespace xylem::store
