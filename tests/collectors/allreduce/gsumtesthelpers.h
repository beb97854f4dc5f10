#pragma once

// Shared by the xylem-gsum suites: running the program to the end with a deadline, and keeping
// /dev/shm clean (the rings of instrumented hosts outlive their processes, ringlayout.h).

#include "core/model/treegenerator.h"
#include "tests/support/ringprefix.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <string>

namespace xylem::gsumtest {

// XYLEM_GSUM, the program under test.
QString gsumPath();

using testing::RingPrefix; // tests/support/ringprefix.h
using testing::sweepShm;

// The environment for gsum hosts recording under the prefix: their announcements go to a
// socket nobody listens on, so a collector running on the machine stays out.
QProcessEnvironment ringEnvironment(const RingPrefix& rings);

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

// A configuration of `spec` written to dir (cluster.tree.json); its host ids into hosts.
// Empty when the spec is refused.
QString writeConfiguration(const QTemporaryDir& dir, const TreeSpec& spec, QStringList* hosts);
// A hierarchy-aware tree of hosts h0.. in one cluster, `threads` threads each.
TreeSpec hierarchy(int hosts, int threads);

} // namespace xylem::gsumtest
