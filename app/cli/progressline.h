#pragma once

// A progress line for long command-line work (issue 20): on a terminal only, one line on
// stderr that updates in place ("import: 45 % (1.2 M of 2.7 M tuples)"), at most four times a
// second, and is erased when the work ends, so what the command prints next starts on a clean
// line. When stderr is not a terminal (a pipe, a file, a test) nothing at all is written.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>

namespace xylem::cli {

// "950", "12 k", "1.2 M", "2.7 G": two or three figures are enough to watch.
std::string formatCount(std::int64_t n);
// "import: 45 % (1.2 M of 2.7 M tuples)"; without a total, "import: 1.2 M tuples".
std::string formatProgress(const std::string& what, std::int64_t done, std::int64_t total,
                           const std::string& unit);

class ProgressLine
{
public:
    using Clock = std::chrono::steady_clock;
    static constexpr Clock::duration kInterval = std::chrono::milliseconds(250);

    // Draws on out only when terminal: the first update at once, then at most one a kInterval.
    ProgressLine(std::ostream& out, bool terminal, std::string what, std::string unit);
    // On err when err is std::cerr and the process's stderr is a terminal.
    static ProgressLine onStderr(std::ostream& err, std::string what, std::string unit);
    ~ProgressLine();
    ProgressLine(const ProgressLine&) = delete;
    ProgressLine& operator=(const ProgressLine&) = delete;
    ProgressLine(ProgressLine&& other) noexcept;
    ProgressLine& operator=(ProgressLine&&) = delete;

    void update(std::int64_t done, std::int64_t total, Clock::time_point now = Clock::now());
    // Erases the line (if one was drawn); later updates draw again.
    void finish();
    // update() as the store's progress callback (core/store/progress.h); the line must outlive it.
    std::function<void(std::int64_t, std::int64_t)> callback();
    int linesDrawn() const { return m_drawn; }

private:
    std::ostream* m_out;
    bool m_terminal;
    std::string m_what;
    std::string m_unit;
    Clock::time_point m_next = Clock::time_point::min();
    bool m_shown = false;
    int m_drawn = 0;
};

// A store progress callback (core/store/progress.h) that draws a ProgressLine on stderr, which
// it owns: the line is erased when the last copy of the callback is gone, so a callback made
// for one call (a temporary argument) is erased when that call returns. Empty when stderr is
// not a terminal, so the store works exactly as without it.
std::function<void(std::int64_t, std::int64_t)> progressOnStderr(std::string what,
                                                                 std::string unit);

} // namespace xylem::cli
