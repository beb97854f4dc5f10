#include "collectors/collector/ringdirectory.h"

#include <filesystem>
#include <fstream>
#include <signal.h>
#include <sstream>

namespace xylem::collector {

bool processRuns(std::uint32_t pid, std::uint64_t processStart)
{
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
        return false;
    }
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t close = stat.rfind(')');
    if (close == std::string::npos) {
        return false; // gone between the two checks
    }
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
        if (i == 22) {
            // A zombie keeps its pid but records nothing more; a reused pid has another start.
            return std::strtoull(field.c_str(), nullptr, 10) == processStart &&
                   stat[close + 2] != 'Z';
        }
    }
    return false;
}

RingDirectory::RingDirectory(std::string prefix, std::string shmDirectory)
    : m_prefix(std::move(prefix))
    , m_directory(std::move(shmDirectory))
{
}

bool RingDirectory::tracks(const std::string& name) const
{
    for (const auto& [id, tracked] : m_rings) {
        if (tracked.ring.name() == name) {
            return true;
        }
    }
    return false;
}

Result<std::uint32_t> RingDirectory::adopt(const std::string& name, std::int64_t nowNs)
{
    if (!name.starts_with("/" + m_prefix) || name.find('/', 1) != std::string::npos) {
        return makeError(ErrorCode::InvalidArgument,
                         "not a ring of this collector (prefix " + m_prefix + ")", name);
    }
    for (const auto& [id, tracked] : m_rings) {
        if (tracked.ring.name() == name) {
            return id;
        }
    }
    auto ring = ring::MappedRing::open(name);
    if (!ring) {
        return ring.error();
    }
    m_rejected.erase(name);
    const std::uint32_t id = m_nextId++;
    TrackedRing tracked{id, std::move(ring).value(), true, 0};
    tracked.processAlive =
        processRuns(tracked.ring.identity().pid, tracked.ring.identity().processStart);
    tracked.deadSinceNs = tracked.processAlive ? 0 : nowNs;
    m_rings.emplace(id, std::move(tracked));
    return id;
}

ScanReport RingDirectory::scan(std::int64_t nowNs)
{
    ScanReport report;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(m_directory, ec)) {
        const std::string file = entry.path().filename().string();
        if (!file.starts_with(m_prefix) || tracks("/" + file)) {
            continue;
        }
        auto id = adopt("/" + file, nowNs);
        if (id) {
            report.found.push_back(id.value());
        } else if (auto problem = firstRefusal("/" + file, id.error())) {
            // Reported once; a ring still being made is adopted by a later scan.
            report.problems.push_back(std::move(*problem));
        }
    }
    for (auto& [id, tracked] : m_rings) {
        if (tracked.processAlive &&
            !processRuns(tracked.ring.identity().pid, tracked.ring.identity().processStart)) {
            tracked.processAlive = false;
            tracked.deadSinceNs = nowNs;
        }
    }
    return report;
}

std::optional<std::string> RingDirectory::firstRefusal(const std::string& name, const Error& why)
{
    if (!m_rejected.insert(name).second) {
        return std::nullopt;
    }
    return m_directory + name + ": " + why.message;
}

TrackedRing* RingDirectory::find(std::uint32_t id)
{
    const auto it = m_rings.find(id);
    return it == m_rings.end() ? nullptr : &it->second;
}

void RingDirectory::retire(std::uint32_t id)
{
    if (TrackedRing* tracked = find(id)) {
        tracked->ring.unlink();
        m_rings.erase(id);
    }
}

} // namespace xylem::collector
