#pragma once

// Lines and blocks read from a pipe, each by a deadline, and a way to end a wait from another
// thread: the stdio rendezvous reads the launch's words on a host's stdin with it, the launch
// its hosts' lines. A line longer than the limit is an error, not a reason to grow without
// bound.

#include "core/model/result.h"

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

namespace xylem::allreduce {

class PipeReader
{
public:
    using Clock = std::chrono::steady_clock;

    // fd: what to read (left open); wake: when readable, a wait ends (IoError "woken"); -1: none.
    explicit PipeReader(int fd, int wake = -1, std::size_t maxLine = 4096);

    // The next line without its '\n'. NotFound at end-of-file (a last line without '\n'
    // included), IoError when the deadline passes (nullopt: none), MalformedInput when the line
    // is longer than maxLine.
    Result<std::string> line(std::optional<Clock::time_point> deadline);
    // Exactly n bytes; NotFound when the pipe ends first.
    Result<std::string> bytes(std::size_t n, std::optional<Clock::time_point> deadline);

private:
    Result<Ok> fill(std::optional<Clock::time_point> deadline);

    int m_fd;
    int m_wake;
    std::size_t m_maxLine;
    std::string m_buffer;
    bool m_ended = false;
};

} // namespace xylem::allreduce
