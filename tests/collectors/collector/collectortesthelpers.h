#pragma once

// Shared by the collector suites: a ring prefix of the test's own (so parallel tests never see
// each other's rings) that is cleaned up, and the test recorder program.

#include <QProcess>
#include <QString>
#include <QStringList>

#include <string>

namespace xylem::collectortest {

// "xylem-test-<pid>-<name>-"; removes every shared-memory object with it when made and destroyed.
class RingPrefix
{
public:
    explicit RingPrefix(const std::string& name);
    ~RingPrefix();
    RingPrefix(const RingPrefix&) = delete;
    RingPrefix& operator=(const RingPrefix&) = delete;

    const std::string& prefix() const { return m_prefix; }
    // Shared-memory objects that exist now with the prefix.
    int count() const;

private:
    void removeAll() const;
    std::string m_prefix;
};

// Starts xylem-test-recorder with the prefix and socket in its environment; waits for "ready".
bool startRecorder(QProcess& process, const std::string& prefix, const QString& socket,
                   const QStringList& args);
// Waits for the recorder's "recorded" line.
bool waitRecorded(QProcess& process);

} // namespace xylem::collectortest
