#include "app/cli/mpiconsole.h"

#include <cerrno>
#include <unistd.h>

namespace xylem::cli {

namespace {

constexpr const char* kEraseLine = "\r\x1b[K"; // as progressline.cpp: to the start, clear to end

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
    clearStatus();
}

void MpiConsole::output(record::MpiStream stream, std::string_view text)
{
    if (text.empty()) {
        return;
    }
    const std::lock_guard lock(m_lock);
    pass(stream == record::MpiStream::Stdout ? STDOUT_FILENO : STDERR_FILENO, text.data(),
         text.size());
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
