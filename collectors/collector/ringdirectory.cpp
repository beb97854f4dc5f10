#include "collectors/collector/ringdirectory.h"

#include "collectors/ring/ringlayout.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace xylem::collector {

namespace {

// Smaller than a ring header, or without the magic that its maker writes last.
bool halfMade(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return false;
    }
    std::uint64_t magic = 0;
    const ssize_t n = ::pread(fd, &magic, sizeof magic, offsetof(ring::RingHeader, magic));
    struct stat st
    {
    };
    const bool small = ::fstat(fd, &st) == 0 && st.st_size < static_cast<off_t>(ring::kHeaderBytes);
    ::close(fd);
    return small || n != static_cast<ssize_t>(sizeof magic) || magic != ring::kRingMagic;
}

} // namespace

// Read with one read() and parsed in place: a scan asks for every tracked ring at every tick
// (three a pull), and an ifstream, a string and an istringstream per ring were a third of the
// scan's instructions.
bool processRuns(std::uint32_t pid, std::uint64_t processStart)
{
    if (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
        return false;
    }
    const std::string path = "/proc/" + std::to_string(pid) + "/stat";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        return false; // gone between the two checks
    }
    std::array<char, 4096> buffer{}; // 52 numbers and a name of at most 64 bytes
    const ssize_t n = ::read(fd, buffer.data(), buffer.size());
    ::close(fd);
    if (n <= 0) {
        return false;
    }
    const std::string_view stat(buffer.data(), static_cast<size_t>(n));
    const size_t close = stat.rfind(')');
    if (close == std::string_view::npos || close + 2 >= stat.size()) {
        return false;
    }
    // Fields 3 (the state) to 22 (the start time), separated by white space after the name.
    size_t at = close + 2;
    for (int i = 3; i <= 22; ++i) {
        while (at < stat.size() && std::isspace(static_cast<unsigned char>(stat[at]))) {
            ++at;
        }
        size_t end = at;
        while (end < stat.size() && !std::isspace(static_cast<unsigned char>(stat[end]))) {
            ++end;
        }
        if (end == at) {
            return false;
        }
        if (i == 22) {
            // A zombie keeps its pid but records nothing more; a reused pid has another start.
            const std::string field(stat.substr(at, end - at));
            return std::strtoull(field.c_str(), nullptr, 10) == processStart &&
                   stat[close + 2] != 'Z';
        }
        at = end;
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
    // readdir rather than std::filesystem's iterator, which made a path of every entry of the
    // shared-memory directory at every tick: half of the scan's instructions.
    DIR* const dir = ::opendir(m_directory.c_str());
    for (const dirent* entry = dir ? ::readdir(dir) : nullptr; entry; entry = ::readdir(dir)) {
        const std::string_view file(entry->d_name);
        if (file == "." || file == ".." || !file.starts_with(m_prefix)) {
            continue;
        }
        const std::string name = "/" + std::string(file);
        if (tracks(name)) {
            continue;
        }
        auto id = adopt(name, nowNs);
        if (id) {
            m_making.erase(name);
            report.found.push_back(id.value());
        } else if (stillBeingMade(name, id.error(), nowNs)) {
            continue; // a later scan adopts it, once its maker has written the header
        } else if (auto problem = firstRefusal(name, id.error())) {
            report.problems.push_back(std::move(*problem));
        }
    }
    if (dir) {
        ::closedir(dir);
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

// A program creates its ring in steps (the name, then its size, then the header, the magic last):
// a scan between them sees a file that is not yet a ring, smaller than a header or without the
// magic. Such a file is given kMakingGraceNs to become one before it is reported; any other
// refusal (another user's file, wrong permissions, a header that lies) is reported at once.
bool RingDirectory::stillBeingMade(const std::string& name, const Error& why, std::int64_t nowNs)
{
    if (why.code != ErrorCode::MalformedInput || !halfMade(m_directory + name)) {
        return false;
    }
    const auto [first, added] = m_making.try_emplace(name, nowNs);
    return nowNs - first->second < kMakingGraceNs;
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
