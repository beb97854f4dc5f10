#pragma once

// Shared by the xylem-gsum suites: running the program to the end with a deadline, and keeping
// /dev/shm clean (the rings of instrumented hosts outlive their processes, ringlayout.h).

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <string>

namespace xylem::gsumtest {

// XYLEM_GSUM, the program under test.
QString gsumPath();

// "xylem-test-<pid>-<name>-"; every shared-memory object with it is removed when made and
// destroyed, and the environment() it gives sends the rings of the hosts there, and their
// announcements to a socket nobody listens on (a collector running on the machine stays out).
class RingPrefix
{
public:
    explicit RingPrefix(const std::string& name);
    ~RingPrefix();
    RingPrefix(const RingPrefix&) = delete;
    RingPrefix& operator=(const RingPrefix&) = delete;

    const std::string& prefix() const { return m_prefix; }
    QProcessEnvironment environment() const;
    int count() const; // shared-memory objects that exist now with the prefix
    void sweep() const;

private:
    std::string m_prefix;
};

// Removes every shared-memory object whose name starts with prefix.
void sweepShm(const std::string& prefix);

struct GsumResult
{
    bool finished = false; // false: still running at the deadline (then killed)
    bool crashed = false;  // ended by a signal
    int exitCode = -1;
    QString out;
    QString err;
    double seconds = 0;

    bool ok() const { return finished && !crashed && exitCode == 0; }
    // For failure messages: how it ended and what it printed.
    QString describe() const;
};

// Runs xylem-gsum with args to the end or the deadline. A launch's own ring prefix
// ("xylem-gsum-<launcher pid>-", used with --trace-out) is swept afterwards, whatever happened.
GsumResult runGsum(const QStringList& args, const QProcessEnvironment& environment,
                   int timeoutMs = 60000);

} // namespace xylem::gsumtest
