#include "collectors/allreduce/pipereader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <poll.h>
#include <utility>
#include <unistd.h>

namespace xylem::allreduce {

PipeReader::PipeReader(int fd, int wake, std::size_t maxLine)
    : m_fd(fd)
    , m_wake(wake)
    , m_maxLine(maxLine)
{
}

// Reads what the pipe has (at least one byte, or its end) before the deadline.
Result<Ok> PipeReader::fill(std::optional<Clock::time_point> deadline)
{
    for (;;) {
        int wait = -1;
        if (deadline) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
            if (left.count() < 0) {
                return makeError(ErrorCode::IoError, "nothing came in time");
            }
            wait = static_cast<int>(std::min<long long>(left.count() + 1, 60'000));
        }
        pollfd fds[2]{{m_fd, POLLIN, 0}, {m_wake, POLLIN, 0}};
        const int n = ::poll(fds, m_wake >= 0 ? 2 : 1, wait);
        if (n < 0 && errno != EINTR) {
            return makeError(ErrorCode::IoError, std::string("poll: ") + std::strerror(errno));
        }
        if (m_wake >= 0 && (fds[1].revents & POLLIN) != 0) {
            return makeError(ErrorCode::IoError, "woken");
        }
        if (n <= 0 || fds[0].revents == 0) {
            continue; // the deadline is checked at the top
        }
        char chunk[4096];
        const ssize_t got = ::read(m_fd, chunk, sizeof chunk);
        if (got > 0) {
            m_buffer.append(chunk, static_cast<size_t>(got));
            return Ok{};
        }
        if (got == 0) {
            m_ended = true;
            return Ok{};
        }
        if (errno != EINTR && errno != EAGAIN) {
            return makeError(ErrorCode::IoError, std::string("read: ") + std::strerror(errno));
        }
    }
}

Result<std::string> PipeReader::line(std::optional<Clock::time_point> deadline)
{
    for (;;) {
        const auto newline = m_buffer.find('\n');
        if (newline != std::string::npos && newline <= m_maxLine) {
            std::string text = m_buffer.substr(0, newline);
            m_buffer.erase(0, newline + 1);
            return text;
        }
        if (m_buffer.size() > m_maxLine) {
            return makeError(ErrorCode::MalformedInput,
                             "a line longer than " + std::to_string(m_maxLine) + " bytes");
        }
        if (m_ended) {
            if (m_buffer.empty()) {
                return makeError(ErrorCode::NotFound, "end of input");
            }
            return std::exchange(m_buffer, {});
        }
        XYLEM_TRY(filled, fill(deadline));
    }
}

Result<std::string> PipeReader::bytes(std::size_t n, std::optional<Clock::time_point> deadline)
{
    while (m_buffer.size() < n) {
        if (m_ended) {
            return makeError(ErrorCode::NotFound, "the input ended after " +
                                                      std::to_string(m_buffer.size()) + " of " +
                                                      std::to_string(n) + " bytes");
        }
        XYLEM_TRY(filled, fill(deadline));
    }
    std::string text = m_buffer.substr(0, n);
    m_buffer.erase(0, n);
    return text;
}

} // namespace xylem::allreduce
