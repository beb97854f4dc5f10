#include "tests/support/processmemory.h"

#include "tests/support/processtree.h"

#include <algorithm>
#include <fstream>
#include <malloc.h>
#include <sstream>
#include <string>

namespace xylem::testing {

namespace {

std::optional<std::int64_t> statusField(int pid, const std::string& field)
{
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);) {
        if (line.starts_with(field + ":")) {
            return std::stoll(line.substr(field.size() + 1)); // "VmRSS:    1234 kB"
        }
    }
    return std::nullopt;
}

} // namespace

std::int64_t heapInUseBytes()
{
    const struct mallinfo2 info = mallinfo2();
    return static_cast<std::int64_t>(info.uordblks + info.hblkhd);
}

std::optional<std::int64_t> residentKb(int pid)
{
    return statusField(pid, "VmRSS");
}

std::optional<std::int64_t> peakResidentKb(int pid)
{
    return statusField(pid, "VmHWM");
}

bool resetPeakResident()
{
    std::ofstream clear("/proc/self/clear_refs");
    clear << "5";
    clear.flush();
    return static_cast<bool>(clear);
}

std::string processName(int pid)
{
    std::ifstream comm("/proc/" + std::to_string(pid) + "/comm");
    std::string name;
    std::getline(comm, name);
    return name;
}

bool ProcessTreeRss::sample()
{
    const auto now = std::chrono::steady_clock::now();
    const auto root = residentKb(m_root);
    if (!root) {
        return false;
    }
    m_first = m_first.value_or(now);
    std::vector<int> pids{m_root};
    for (const ProcessId& p : descendantsOf(m_root)) {
        pids.push_back(p.pid);
    }
    for (const int pid : pids) {
        const auto kb = pid == m_root ? root : residentKb(pid);
        const std::string name = processName(pid);
        if (!kb || name.empty()) {
            continue; // gone meanwhile
        }
        Series& s = m_series[pid];
        s.pid = pid;
        s.name = name;
        s.kb.emplace_back(now, *kb);
    }
    return true;
}

namespace {

std::int64_t medianOf(std::vector<std::int64_t> values)
{
    std::nth_element(values.begin(), values.begin() + values.size() / 2, values.end());
    return values[values.size() / 2];
}

} // namespace

std::vector<ProcessTreeRss::Growth>
ProcessTreeRss::growthAfter(std::chrono::steady_clock::duration warmUp) const
{
    std::vector<Growth> growth;
    if (!m_first) {
        return growth;
    }
    const auto lateWarm = *m_first + warmUp / 2;
    const auto warm = *m_first + warmUp;
    for (const auto& [pid, s] : m_series) {
        std::vector<std::int64_t> during;
        std::vector<std::int64_t> after;
        for (const auto& [when, kb] : s.kb) {
            if (when >= lateWarm) {
                (when < warm ? during : after).push_back(kb);
            }
        }
        if (!during.empty() && !after.empty()) {
            const std::int64_t highest = *std::max_element(after.begin(), after.end());
            const std::vector<std::int64_t> end(after.end() - std::max<size_t>(1, after.size() / 4),
                                                after.end());
            growth.push_back(Growth{pid, s.name, medianOf(during), medianOf(end), highest});
        }
    }
    return growth;
}

std::string ProcessTreeRss::describe() const
{
    std::ostringstream text;
    for (const auto& [pid, s] : m_series) {
        text << pid << ' ' << s.name << ':';
        for (const auto& sample : s.kb) {
            text << ' ' << sample.second;
        }
        text << '\n';
    }
    return text.str();
}

} // namespace xylem::testing
