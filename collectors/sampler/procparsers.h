#pragma once

// Pure parsers for the three /proc files the system sampler reads: text in, values out. They
// never touch the file system; fileName only names the file in error messages ("where" is
// "<fileName>, line N"). Lines that carry nothing the sampler uses are skipped, so that a newer
// kernel's extra keys do not break the collector; the lines it does use are checked strictly.

#include "core/model/result.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::sampler {

// Jiffies (USER_HZ ticks) of one "cpu" line of /proc/stat. guest and guest_nice are already
// counted in user and nice, so they are not read.
struct CpuTimes
{
    std::uint64_t user = 0;
    std::uint64_t nice = 0;
    std::uint64_t system = 0;
    std::uint64_t idle = 0;
    std::uint64_t iowait = 0;
    std::uint64_t irq = 0;
    std::uint64_t softirq = 0;
    std::uint64_t steal = 0;

    std::uint64_t total() const
    {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }
    std::uint64_t busy() const { return total() - idle - iowait; }
};

struct CpuLine
{
    int index = 0; // N of "cpuN"; offline CPUs leave gaps
    CpuTimes times;
};

struct CpuStat
{
    CpuTimes all;              // the aggregate "cpu" line
    std::vector<CpuLine> cpus; // the "cpuN" lines, in file order
};

struct NetDevice
{
    std::string name;
    std::uint64_t rxBytes = 0;
    std::uint64_t rxPackets = 0;
    std::uint64_t txBytes = 0;
    std::uint64_t txPackets = 0;
};

struct MemInfo
{
    std::uint64_t totalBytes = 0;
    std::uint64_t availableBytes = 0;
    std::uint64_t freeBytes = 0;
    std::uint64_t buffersBytes = 0;
    std::uint64_t cachedBytes = 0;
};

// The aggregate line is required; every cpu line needs the eight fields user .. steal (kernels
// since 2.6.11), more are ignored.
Result<CpuStat> parseProcStat(std::string_view text, std::string_view fileName = "/proc/stat");

// Two header lines, then "name: 16 counters" per interface (no space after the colon is allowed:
// old kernels ran large counters into it).
Result<std::vector<NetDevice>> parseProcNetDev(std::string_view text,
                                               std::string_view fileName = "/proc/net/dev");

// Values in kB, returned in bytes. MemTotal, MemFree, Buffers and Cached are required; without
// MemAvailable (kernels before 3.14) it is estimated as MemFree + Buffers + Cached.
Result<MemInfo> parseProcMeminfo(std::string_view text,
                                 std::string_view fileName = "/proc/meminfo");

} // namespace xylem::sampler
