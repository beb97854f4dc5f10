#include "app/cli/progressline.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <unistd.h>

namespace xylem::cli {

namespace {

constexpr const char* kEraseLine = "\r\x1b[K"; // to the line's start, then clear to its end

} // namespace

std::string formatCount(std::int64_t n)
{
    static const char* const suffixes[] = {"k", "M", "G", "T", "P"};
    if (n < 1000 && n > -1000) {
        return std::to_string(n);
    }
    double v = static_cast<double>(n);
    int s = -1;
    while ((v >= 999.5 || v <= -999.5) && s < 4) { // 999,999 is 1.0 M, not 1000 k
        v /= 1000;
        ++s;
    }
    char text[32];
    std::snprintf(text, sizeof text, (v < 10 && v > -10) ? "%.1f %s" : "%.0f %s", v, suffixes[s]);
    return text;
}

std::string formatProgress(const std::string& what, std::int64_t done, std::int64_t total,
                           const std::string& unit)
{
    if (total <= 0) {
        return what + ": " + formatCount(done) + " " + unit;
    }
    const std::int64_t percent = std::clamp<std::int64_t>(done * 100 / total, 0, 100);
    return what + ": " + std::to_string(percent) + " % (" + formatCount(done) + " of " +
           formatCount(total) + " " + unit + ")";
}

ProgressLine::ProgressLine(std::ostream& out, bool terminal, std::string what, std::string unit)
    : m_out(&out)
    , m_terminal(terminal)
    , m_what(std::move(what))
    , m_unit(std::move(unit))
{
}

ProgressLine ProgressLine::onStderr(std::ostream& err, std::string what, std::string unit)
{
    const bool terminal = &err == &std::cerr && ::isatty(STDERR_FILENO) == 1;
    return ProgressLine(err, terminal, std::move(what), std::move(unit));
}

ProgressLine::ProgressLine(ProgressLine&& other) noexcept
    : m_out(other.m_out)
    , m_terminal(other.m_terminal)
    , m_what(std::move(other.m_what))
    , m_unit(std::move(other.m_unit))
    , m_next(other.m_next)
    , m_shown(other.m_shown)
    , m_drawn(other.m_drawn)
{
    other.m_terminal = false; // the moved-from line never draws or erases
    other.m_shown = false;
}

ProgressLine::~ProgressLine()
{
    finish();
}

void ProgressLine::update(std::int64_t done, std::int64_t total, Clock::time_point now)
{
    if (!m_terminal || now < m_next) {
        return;
    }
    m_next = now + kInterval;
    *m_out << kEraseLine << formatProgress(m_what, done, total, m_unit) << std::flush;
    m_shown = true;
    ++m_drawn;
}

void ProgressLine::finish()
{
    if (m_shown) {
        *m_out << kEraseLine << std::flush;
        m_shown = false;
    }
}

std::function<void(std::int64_t, std::int64_t)> ProgressLine::callback()
{
    return [this](std::int64_t done, std::int64_t total) {
        update(done, total);
    };
}

std::function<void(std::int64_t, std::int64_t)> progressOnStderr(std::string what, std::string unit)
{
    if (::isatty(STDERR_FILENO) != 1) {
        return {};
    }
    auto line = std::make_shared<ProgressLine>(std::cerr, true, std::move(what), std::move(unit));
    return [line](std::int64_t done, std::int64_t total) {
        line->update(done, total);
    };
}

} // namespace xylem::cli
