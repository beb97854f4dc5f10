#pragma once

// How much memory processes hold, for the suites that check it stays flat: this process's heap
// in use (what malloc handed out and was not given back: the working set of its structures,
// without the allocator's caches), and the resident set of any process and of a whole process
// tree (the soak tests: a recording's front-end, collectors, relays and program), sampled over
// time and judged after a warm-up. Linux /proc only.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace xylem::testing {

// Bytes malloc has handed out and not been given back (mallinfo2: in-use chunks and mmapped
// blocks).
std::int64_t heapInUseBytes();

// VmRSS and VmHWM (the peak since start or resetPeakResident()) of a process, in KiB; nullopt
// when it is gone.
std::optional<std::int64_t> residentKb(int pid);
std::optional<std::int64_t> peakResidentKb(int pid);
// Starts this process's VmHWM afresh (Linux's clear_refs); false if the kernel refuses.
bool resetPeakResident();

// The process's name (comm), or "" when it is gone.
std::string processName(int pid);

// The resident sets of a process and its descendants (processtree.h), sampled over time. A process
// that appears later (a relay started after the first sample) gets its own series from then on.
class ProcessTreeRss
{
public:
    explicit ProcessTreeRss(int root)
        : m_root(root)
    {
    }

    // One sample of every process of the tree; false once the root is gone.
    bool sample();

    struct Series
    {
        int pid = 0;
        std::string name;
        std::vector<std::pair<std::chrono::steady_clock::time_point, std::int64_t>> kb;
    };
    const std::map<int, Series>& series() const { return m_series; }

    struct Growth
    {
        int pid = 0;
        std::string name;
        std::int64_t warmKb = 0;     // the median in the second half of the warm-up
        std::int64_t endKb = 0;      // the median of the last quarter of the samples after it
        std::int64_t maxAfterKb = 0; // the highest after it (a breath, not growth, by itself)
        double percent() const
        {
            return warmKb > 0
                       ? 100.0 * static_cast<double>(endKb - warmKb) / static_cast<double>(warmKb)
                       : 0.0;
        }
    };
    // Per process sampled both in the second half of the warm-up (from the first sample) and
    // after it: how far its settled resident set at the end stands above the one late in the
    // warm-up, both as medians. A working set that merely breathes (a collector's batch buffers
    // come and go by a megabyte or more) does not count as growth; one that keeps rising does.
    std::vector<Growth> growthAfter(std::chrono::steady_clock::duration warmUp) const;
    // One line per process: pid, name, every sample in KiB.
    std::string describe() const;

private:
    int m_root;
    std::optional<std::chrono::steady_clock::time_point> m_first;
    std::map<int, Series> m_series;
};

} // namespace xylem::testing
