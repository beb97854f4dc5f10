#include "app/cli/mpiconsole.h"

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>
#include <utility>

namespace xylem::cli {

namespace {

constexpr const char* kEraseLine = "\r\x1b[K"; // as progressline.cpp: to the start, clear to end

std::int64_t nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// Errors are dropped: a closed terminal or pipe must not stop the recording (the relay thread
// blocks SIGPIPE, so such a write fails with EPIPE instead of ending xylem-cli).
void writeAll(int fd, const char* data, size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return;
        }
        data += n;
        size -= static_cast<size_t>(n);
    }
}

void writeAll(int fd, const std::string& text)
{
    writeAll(fd, text.data(), text.size());
}

} // namespace

MpiConsole::MpiConsole(bool terminal, bool statusLines)
    : m_terminal(terminal)
    , m_statusLines(statusLines && !terminal)
    , m_stdoutOnTerminal(terminal && ::isatty(STDOUT_FILENO) == 1)
{
}

MpiConsole::~MpiConsole()
{
    m_stop = true;
    if (m_thread.joinable()) {
        m_thread.join();
    }
    clearStatus();
}

void MpiConsole::relay(int programStdout, int programStderr)
{
    m_thread = std::thread([this, programStdout, programStderr] {
        // Signals are for the main thread (it counts Ctrl-C); a write to a closed pipe fails here
        // instead of ending xylem-cli.
        sigset_t blocked;
        sigemptyset(&blocked);
        for (const int s : {SIGINT, SIGTERM, SIGPIPE}) {
            sigaddset(&blocked, s);
        }
        pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
        relayLoop(programStdout, programStderr);
    });
}

void MpiConsole::finishRelay(std::chrono::milliseconds grace)
{
    m_deadlineMs = nowMs() + grace.count();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void MpiConsole::relayLoop(int out, int err)
{
    int fds[2] = {out, err};
    char buffer[1 << 16];
    while (!m_stop && (fds[0] >= 0 || fds[1] >= 0)) {
        if (const std::int64_t deadline = m_deadlineMs; deadline != 0 && nowMs() > deadline) {
            break;
        }
        pollfd polled[2];
        int watched[2];
        nfds_t n = 0;
        for (int i = 0; i < 2; ++i) {
            if (fds[i] >= 0) {
                polled[n] = pollfd{fds[i], POLLIN, 0};
                watched[n++] = i;
            }
        }
        if (::poll(polled, n, 100) <= 0) {
            continue; // nothing yet, or a signal: look at the deadline again
        }
        for (nfds_t k = 0; k < n; ++k) {
            if (polled[k].revents == 0) {
                continue;
            }
            const int i = watched[k];
            const ssize_t got = ::read(fds[i], buffer, sizeof buffer);
            if (got > 0) {
                const std::lock_guard lock(m_lock);
                pass(i == 0 ? STDOUT_FILENO : STDERR_FILENO, buffer, static_cast<size_t>(got));
            } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
                ::close(std::exchange(fds[i], -1)); // the stream ended
            }
        }
    }
    for (const int fd : fds) {
        if (fd >= 0) {
            ::close(fd);
        }
    }
}

void MpiConsole::pass(int fd, const char* data, size_t size)
{
    if (fd == STDERR_FILENO || m_stdoutOnTerminal) {
        eraseStatus();
    }
    writeAll(fd, data, size);
    m_lineEnded[fd == STDOUT_FILENO ? 0 : 1] = data[size - 1] == '\n';
    if (m_terminal && betweenLines()) {
        drawStatus();
    }
}

bool MpiConsole::betweenLines() const
{
    return m_lineEnded[1] && (!m_stdoutOnTerminal || m_lineEnded[0]);
}

void MpiConsole::eraseStatus()
{
    if (m_shown) {
        writeAll(STDERR_FILENO, kEraseLine);
        m_shown = false;
    }
}

void MpiConsole::drawStatus()
{
    if (m_status.empty()) {
        return;
    }
    writeAll(STDERR_FILENO, kEraseLine + m_status);
    m_shown = true;
}

void MpiConsole::status(const std::string& text)
{
    const std::lock_guard lock(m_lock);
    m_status = text;
    if (m_terminal && betweenLines()) {
        drawStatus();
    } else if (m_statusLines && m_lineEnded[1]) {
        writeAll(STDERR_FILENO, text + "\n");
    }
}

void MpiConsole::say(const std::string& line)
{
    const std::lock_guard lock(m_lock);
    eraseStatus();
    if (!m_lineEnded[1]) {
        writeAll(STDERR_FILENO, "\n"); // the program's unfinished line: ours starts a new one
        m_lineEnded[1] = true;
    }
    writeAll(STDERR_FILENO, line + "\n");
    if (m_terminal && betweenLines()) {
        drawStatus();
    }
}

void MpiConsole::clearStatus()
{
    const std::lock_guard lock(m_lock);
    eraseStatus();
    m_status.clear();
}

} // namespace xylem::cli
