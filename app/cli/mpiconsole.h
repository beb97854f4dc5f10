#pragma once

// What `xylem-cli mpi` writes while the program runs: the program's standard output and error,
// passed on to xylem-cli's own as they arrive (the recording's relay thread hands them over,
// core/record/mpioutputrelay.h, so a line is shown when the program writes it, whatever the
// gathering is doing), and Xylem's status.
//
// The status is one line on standard error, drawn in place only when standard error is a
// terminal (as progressline.h draws one), and only between the program's lines: it is erased
// before the program's output is written and drawn again once both streams end a line, so that
// no program line is cut by it. With statusLines (for a program that reads them from a pipe) it is
// instead a line of its own, again only where the program's standard error ends a line. Otherwise
// Xylem writes nothing while the program runs.

#include "core/record/mpioutputrelay.h"

#include <mutex>
#include <string>
#include <string_view>

namespace xylem::cli {

class MpiConsole
{
public:
    // terminal: standard error is one (the status is drawn in place); statusLines: a status line
    // at each status() even when it is not.
    MpiConsole(bool terminal, bool statusLines);
    ~MpiConsole();
    MpiConsole(const MpiConsole&) = delete;
    MpiConsole& operator=(const MpiConsole&) = delete;

    // What the program wrote on one of its streams, passed on to the same of xylem-cli's
    // (any thread).
    void output(record::MpiStream stream, std::string_view text);

    void status(const std::string& text);
    // A line of Xylem's own on standard error (e.g. "interrupted"), written between the
    // program's lines.
    void say(const std::string& line);
    void clearStatus();

private:
    void pass(int fd, const char* data, size_t size); // under m_lock
    void eraseStatus();                               // under m_lock
    void drawStatus();                                // under m_lock
    // Both streams that reach the terminal end a line (stdout only counts when it is one).
    bool betweenLines() const;

    const bool m_terminal;
    const bool m_statusLines;
    const bool m_stdoutOnTerminal;
    std::mutex m_lock;
    std::string m_status;
    bool m_shown = false;
    bool m_lineEnded[2] = {true, true}; // the program's stdout, stderr
};

} // namespace xylem::cli
