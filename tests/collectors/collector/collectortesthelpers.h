#pragma once

// Shared by the collector suites: a ring prefix of the test's own (so parallel tests never see
// each other's rings) that is cleaned up, and the test recorder program.

#include "tests/support/ringprefix.h"

#include <QProcess>
#include <QString>
#include <QStringList>

#include <string>

namespace xylem::collectortest {

using testing::RingPrefix; // tests/support/ringprefix.h

// Starts xylem-test-recorder with the prefix and socket in its environment; waits for "ready".
bool startRecorder(QProcess& process, const std::string& prefix, const QString& socket,
                   const QStringList& args);
// Waits for the recorder's "recorded" line.
bool waitRecorded(QProcess& process);

} // namespace xylem::collectortest
