#include "tests/support/shmleaks.h"

#include "collectors/ring/ringlayout.h"

#include <charconv>
#include <cstddef>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <unistd.h>

namespace xylem::testing {

namespace {

// The ring's writer, from its header; nullopt when the object is no ring (or not yet one).
std::optional<ProcessId> writerOf(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        return std::nullopt;
    }
    unsigned char header[offsetof(ring::RingHeader, createdNs)] = {};
    const ssize_t n = ::pread(fd, header, sizeof header, 0);
    ::close(fd);
    std::uint64_t magic = 0, start = 0;
    std::uint32_t pid = 0;
    if (n != static_cast<ssize_t>(sizeof header)) {
        return std::nullopt;
    }
    std::memcpy(&magic, header + offsetof(ring::RingHeader, magic), sizeof magic);
    std::memcpy(&pid, header + offsetof(ring::RingHeader, pid), sizeof pid);
    std::memcpy(&start, header + offsetof(ring::RingHeader, processStart), sizeof start);
    if (magic != ring::kRingMagic) {
        return std::nullopt;
    }
    return ProcessId{static_cast<pid_t>(pid), start};
}

// The pid a prefix chosen by Xylem or a test carries ("xylem-rec-1234-h0-..." -> 1234).
std::optional<pid_t> prefixPid(const std::string& name)
{
    for (const char* stem : {"xylem-rec-", "xylem-gsum-", "xylem-mpi-", "xylem-test-"}) {
        if (name.starts_with(stem)) {
            const char* begin = name.c_str() + std::strlen(stem);
            pid_t pid = 0;
            const auto [end, ec] = std::from_chars(begin, name.c_str() + name.size(), pid);
            if (ec == std::errc() && end != begin && *end == '-') {
                return pid;
            }
        }
    }
    return std::nullopt;
}

} // namespace

std::vector<std::string> shmLeftBy(const std::set<ProcessId>& suite, const std::string& directory)
{
    std::set<pid_t> pids;
    for (const ProcessId& p : suite) {
        pids.insert(p.pid);
    }
    std::vector<std::string> left;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator(directory, ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        const auto& entry = *it;
        const std::string name = entry.path().filename().string();
        if (!name.starts_with("xylem-")) {
            continue;
        }
        const auto writer = writerOf(entry.path().string());
        const auto chooser = prefixPid(name);
        if ((writer && suite.contains(*writer)) || (chooser && pids.contains(*chooser))) {
            left.push_back(name);
        }
    }
    return left;
}

} // namespace xylem::testing
