#include "core/record/mpioutputrelay.h"

#include <cerrno>
#include <csignal>
#include <poll.h>
#include <pthread.h>
#include <unistd.h>
#include <utility>

namespace xylem::record {

namespace {

std::int64_t nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

MpiOutputRelay::~MpiOutputRelay()
{
    m_stop = true;
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void MpiOutputRelay::start(int programStdout, int programStderr, Sink sink)
{
    m_sink = std::move(sink);
    m_thread = std::thread([this, programStdout, programStderr] {
        sigset_t blocked;
        sigemptyset(&blocked);
        for (const int s : {SIGINT, SIGTERM, SIGPIPE}) {
            sigaddset(&blocked, s);
        }
        pthread_sigmask(SIG_BLOCK, &blocked, nullptr);
        loop(programStdout, programStderr);
    });
}

void MpiOutputRelay::finish(std::chrono::milliseconds grace)
{
    m_deadlineMs = nowMs() + grace.count();
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void MpiOutputRelay::loop(int out, int err)
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
                if (m_sink) {
                    m_sink(i == 0 ? MpiStream::Stdout : MpiStream::Stderr,
                           std::string_view(buffer, static_cast<size_t>(got)));
                }
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

} // namespace xylem::record
