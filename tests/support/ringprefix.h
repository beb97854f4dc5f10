#pragma once

// Shared-memory names for a test's rings: "xylem-test-<pid>-<name>-". Every object with the
// prefix is removed when it is made and when it is destroyed, so no test leaves rings behind.

#include <string>

namespace xylem::testing {

class RingPrefix
{
public:
    explicit RingPrefix(const std::string& name);
    ~RingPrefix();
    RingPrefix(const RingPrefix&) = delete;
    RingPrefix& operator=(const RingPrefix&) = delete;

    const std::string& prefix() const { return m_prefix; }
    int count() const; // shared-memory objects that exist now with the prefix
    void sweep() const;

private:
    std::string m_prefix;
};

// Removes every shared-memory object whose name starts with prefix.
void sweepShm(const std::string& prefix);

} // namespace xylem::testing
