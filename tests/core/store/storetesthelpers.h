#pragma once

// Helpers shared by the session-store suites: temporary session files with the worked examples
// imported, and running a piece of code as another process (to kill it, or to drop privileges).

#include "core/model/run.h"
#include "core/store/session.h"

#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <string>

namespace xylem::storetest {

// A new session at path with the two worked examples imported as runs 1 and 2.
store::Session sessionWithExamples(const std::string& path);

// A suite's sessions: each call a new file in one temporary folder, with the worked examples
// imported as runs 1 and 2.
class FreshSessions
{
public:
    store::Session next()
    {
        return sessionWithExamples(
            m_dir.filePath(QString("s%1.xylem").arg(++m_files)).toStdString());
    }

private:
    QTemporaryDir m_dir;
    int m_files = 0;
};

// PRAGMA integrity_check says "ok".
bool integrityOk(store::Session& session);

// Runs job in a forked child and returns its exit status (or -1 if it did not exit normally).
// The child ends with _exit(job()), never returning into the test framework.
int inChildProcess(const std::function<int()>& job);

// True when this process may write to files it lacks permission for (root): read-only tests
// then drop privileges in a child process.
bool runningAsRoot();
// In a child: become the unprivileged "nobody" user; false if that is impossible.
bool dropPrivileges();

} // namespace xylem::storetest
