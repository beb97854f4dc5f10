#include "collectors/sampler/systemsampler.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>
#include <system_error>
#include <utility>

namespace xylem::sampler {

namespace {

constexpr size_t kMaxFileBytes = 64u << 20; // far above any real /proc/stat; stops /dev/zero

// /proc files report a size of 0, so they are read to their end rather than by their size
// (core/model/textfile.h reads by size).
Result<std::string> readProcFile(const std::filesystem::path& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        return makeError(ErrorCode::IoError, "is a directory, not a file", path.string());
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(ErrorCode::IoError, std::string("cannot open: ") + std::strerror(errno),
                         path.string());
    }
    std::string text;
    std::array<char, 16384> chunk{};
    while (in.read(chunk.data(), chunk.size()) || in.gcount() > 0) {
        text.append(chunk.data(), static_cast<size_t>(in.gcount()));
        if (text.size() > kMaxFileBytes) {
            return makeError(ErrorCode::IoError, "larger than 64 MiB, not a /proc file",
                             path.string());
        }
    }
    if (in.bad()) {
        return makeError(ErrorCode::IoError, "read error", path.string());
    }
    return text;
}

// A jiffy count that went down contributes nothing: iowait is known to step back on NO_HZ
// kernels, and counting it from zero would invent a burst of idle time.
std::uint64_t jiffyDelta(std::uint64_t before, std::uint64_t after)
{
    return after >= before ? after - before : 0;
}

// A byte counter that went down was reset (driver reload, interface recreated, 32-bit wrap):
// it counts from zero again.
std::uint64_t counterDelta(std::uint64_t before, std::uint64_t after)
{
    return after >= before ? after - before : after;
}

std::optional<double> busyPercent(const CpuTimes& before, const CpuTimes& after)
{
    const std::uint64_t idle =
        jiffyDelta(before.idle, after.idle) + jiffyDelta(before.iowait, after.iowait);
    const std::uint64_t busy =
        jiffyDelta(before.user, after.user) + jiffyDelta(before.nice, after.nice) +
        jiffyDelta(before.system, after.system) + jiffyDelta(before.irq, after.irq) +
        jiffyDelta(before.softirq, after.softirq) + jiffyDelta(before.steal, after.steal);
    if (busy + idle == 0) {
        return std::nullopt; // no tick in between: nothing to say
    }
    return 100.0 * static_cast<double>(busy) / static_cast<double>(busy + idle);
}

class MetricList
{
public:
    MetricList(const std::string& host, std::int64_t timeNs)
        : m_host(host)
        , m_timeNs(timeNs)
    {
    }
    void add(std::string metric, double value)
    {
        m_metrics.push_back(SystemMetric{m_host, std::move(metric), m_timeNs, value});
    }
    std::vector<SystemMetric> take() { return std::move(m_metrics); }

private:
    const std::string& m_host;
    std::int64_t m_timeNs;
    std::vector<SystemMetric> m_metrics;
};

void addCpuRates(const CpuStat& before, const CpuStat& after, MetricList& out)
{
    if (const auto all = busyPercent(before.all, after.all)) {
        out.add("cpu_busy_pct", *all);
    }
    std::map<int, const CpuTimes*> previous;
    for (const CpuLine& cpu : before.cpus) {
        previous[cpu.index] = &cpu.times;
    }
    for (const CpuLine& cpu : after.cpus) {
        const auto it = previous.find(cpu.index);
        if (it == previous.end()) {
            continue; // came online since the last sample
        }
        if (const auto pct = busyPercent(*it->second, cpu.times)) {
            out.add("cpu_busy_pct:cpu" + std::to_string(cpu.index), *pct);
        }
    }
}

void addNetRates(const std::vector<NetDevice>& before, const std::vector<NetDevice>& after,
                 double seconds, MetricList& out)
{
    std::map<std::string_view, const NetDevice*> previous;
    for (const NetDevice& dev : before) {
        previous.emplace(dev.name, &dev);
    }
    for (const NetDevice& dev : after) {
        const auto it = previous.find(dev.name);
        if (it == previous.end()) {
            continue; // appeared since the last sample
        }
        const NetDevice& old = *it->second;
        out.add("net_rx_bytes_per_s:" + dev.name,
                static_cast<double>(counterDelta(old.rxBytes, dev.rxBytes)) / seconds);
        out.add("net_tx_bytes_per_s:" + dev.name,
                static_cast<double>(counterDelta(old.txBytes, dev.txBytes)) / seconds);
    }
}

} // namespace

SystemSampler::SystemSampler(std::string procRoot, std::string host)
    : m_procRoot(std::move(procRoot))
    , m_host(std::move(host))
{
}

Result<std::vector<SystemMetric>> SystemSampler::sample(std::int64_t timeNs)
{
    const std::filesystem::path root(m_procRoot);
    const std::filesystem::path statPath = root / "stat";
    const std::filesystem::path netPath = root / "net" / "dev";
    const std::filesystem::path memPath = root / "meminfo";

    auto statText = readProcFile(statPath);
    if (!statText) {
        return statText.error();
    }
    auto netText = readProcFile(netPath);
    if (!netText) {
        return netText.error();
    }
    auto memText = readProcFile(memPath);
    if (!memText) {
        return memText.error();
    }
    auto cpu = parseProcStat(*statText, statPath.string());
    if (!cpu) {
        return cpu.error();
    }
    auto net = parseProcNetDev(*netText, netPath.string());
    if (!net) {
        return net.error();
    }
    const auto mem = parseProcMeminfo(*memText, memPath.string());
    if (!mem) {
        return mem.error();
    }

    MetricList out(m_host, timeNs);
    if (m_previous) {
        addCpuRates(m_previous->cpu, *cpu, out);
        const std::int64_t elapsedNs = timeNs - m_previous->timeNs;
        if (elapsedNs > 0) { // a clock that stood still or stepped back gives no rate
            addNetRates(m_previous->net, *net, static_cast<double>(elapsedNs) / 1e9, out);
        }
    }
    const std::uint64_t used =
        mem->totalBytes > mem->availableBytes ? mem->totalBytes - mem->availableBytes : 0;
    out.add("mem_used_bytes", static_cast<double>(used));
    out.add("mem_available_bytes", static_cast<double>(mem->availableBytes));

    m_previous = Snapshot{timeNs, std::move(cpu).value(), std::move(net).value()};
    return out.take();
}

} // namespace xylem::sampler
