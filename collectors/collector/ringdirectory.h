#pragma once

// The rings of this node: found by scanning the shared-memory directory for the ring prefix
// (at start-up, so a restarted collector re-finds the rings of programs that kept running, and
// periodically) or adopted at once when a probe announces one. A ring whose process died stays
// until it is retired, so what it recorded can still be read.
//
// Anyone may create a file with the prefix in /dev/shm: MappedRing::open refuses those that are
// not this user's own, well-formed rings (ringreader.h), and each refusal is reported once. A
// file that is not yet a well-formed ring is given a few seconds to become one first (its maker
// may be writing its header), so a rank starting up is never reported.

#include "collectors/ring/ringreader.h"
#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace xylem::collector {

struct TrackedRing
{
    std::uint32_t id = 0;
    ring::MappedRing ring;
    bool processAlive = true;
    std::int64_t deadSinceNs = 0;
};

struct ScanReport
{
    std::vector<std::uint32_t> found;
    std::vector<std::string> problems; // files with the prefix refused (path: why), once each
};

class RingDirectory
{
public:
    RingDirectory(std::string prefix, std::string shmDirectory = "/dev/shm");

    // Adopts new rings, and notes processes that died (at nowNs).
    ScanReport scan(std::int64_t nowNs);
    // A ring a probe announced ("/<prefix>..."); an error if it is not one of ours or no ring.
    // nowNs dates the process's death if it is found dead.
    Result<std::uint32_t> adopt(const std::string& name, std::int64_t nowNs);
    // How long a malformed file with the prefix may take to become a ring before it is refused.
    static constexpr std::int64_t kMakingGraceNs = 5'000'000'000;

    // "path: why" the first time a name is refused, nothing after (so that a file planted to
    // be refused over and over does not flood the log).
    std::optional<std::string> firstRefusal(const std::string& name, const Error& why);

    TrackedRing* find(std::uint32_t id);
    std::map<std::uint32_t, TrackedRing>& rings() { return m_rings; }
    // Forgets the ring and removes its shared-memory name.
    void retire(std::uint32_t id);

    const std::string& prefix() const { return m_prefix; }

private:
    bool tracks(const std::string& name) const;
    // Whether a malformed file is still within kMakingGraceNs of being first seen.
    bool stillBeingMade(const std::string& name, const Error& why, std::int64_t nowNs);

    std::string m_prefix;
    std::string m_directory;
    std::map<std::uint32_t, TrackedRing> m_rings;
    std::set<std::string> m_rejected; // names refused when last looked at
    std::map<std::string, std::int64_t> m_making; // malformed files: when first seen
    std::uint32_t m_nextId = 1;
};

// Whether the process that made a ring still runs (same pid, same start time).
bool processRuns(std::uint32_t pid, std::uint64_t processStart);

} // namespace xylem::collector
