#pragma once

// Leveled logs of the node daemons (xylem-collector, xylem-relay, xylem-gsum's launch and
// hosts) on stderr, written through spdlog:
//
//   2026-11-26T08:10:00.123Z [info] xylem-collector: listening on /tmp/xylem-collector-1000.sock
//
// with the time in UTC (the nodes of a cluster may sit in different time zones). Run by systemd
// with stderr connected to the journal ($JOURNAL_STREAM names our stderr), a line is instead
// "<6>xylem-collector: ..." with no time: journald stamps it itself and files it at the
// priority of the sd-daemon prefix (<7> debug, <6> info, <4> warning, <3> error).
//
// A process has one stderr, so the settings are the process's: configure() once in main, and
// every Log writes through them (until then: info and above, with times). The messages keep
// their words and their program prefix ("xylem-relay 3: ..."); only the time and the level are
// added in front.

#include <string>
#include <string_view>

namespace xylem::nodelog {

enum class Level
{
    Debug,
    Info,
    Warning,
    Error
};

enum class Style
{
    Timestamped, // a person's terminal, a file, a pipe to xylem-cli
    Journal      // stderr is the journal's stream: sd-daemon "<N>" prefixes, no time
};

struct Settings
{
    Level threshold = Level::Info; // lines below it are dropped
    Style style = Style::Timestamped;
};

// Journal when $JOURNAL_STREAM ("DEVICE:INODE") is our stderr's own device and inode, as
// systemd.exec(5) asks: an inherited variable whose stream was redirected elsewhere (a test's
// pipe, a file) does not count.
Style styleOfStderr();

// --verbose: debug and up; --quiet: warnings and errors only (quiet wins when both are given).
Level thresholdOf(bool verbose, bool quiet);

void configure(const Settings& settings);

// One writer's prefix: "xylem-collector", "xylem-relay 3", "xylem-gsum".
class Log
{
public:
    explicit Log(std::string prefix)
        : m_prefix(std::move(prefix))
    {
    }

    void debug(std::string_view text) const { write(Level::Debug, text); }
    void info(std::string_view text) const { write(Level::Info, text); }
    void warning(std::string_view text) const { write(Level::Warning, text); }
    void error(std::string_view text) const { write(Level::Error, text); }
    void write(Level level, std::string_view text) const;

    const std::string& prefix() const { return m_prefix; }

private:
    std::string m_prefix;
};

// A line as it was logged, without the time and level (or the journal's "<N>") in front: what a
// reader of another process's log (the gsum launch quoting a host's last words) shows.
std::string_view withoutLogPrefix(std::string_view line);

} // namespace xylem::nodelog
