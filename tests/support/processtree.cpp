#include "tests/support/processtree.h"

#include "tests/support/waituntil.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <sstream>
#include <unistd.h>

namespace xylem::testing {

namespace {

namespace fs = std::filesystem;

// A /proc file's text; empty when the process went away (read() then fails with ESRCH, which
// std::ifstream turns into an exception).
std::string readAll(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    std::string text;
    char buffer[4096];
    for (ssize_t n; fd >= 0 && (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            text.clear();
            break;
        }
        text.append(buffer, static_cast<size_t>(n));
    }
    if (fd >= 0) {
        ::close(fd);
    }
    return text;
}

// The fields of /proc/PID/stat after "(comm)": [0] state, [1] ppid, ... [19] start time.
std::vector<std::string> statFields(pid_t pid)
{
    const std::string stat = readAll("/proc/" + std::to_string(pid) + "/stat");
    const size_t close = stat.rfind(')'); // comm may hold spaces and parentheses
    std::vector<std::string> fields;
    if (close == std::string::npos) {
        return fields;
    }
    std::istringstream in(stat.substr(close + 1));
    for (std::string f; in >> f;) {
        fields.push_back(f);
    }
    return fields;
}

std::vector<pid_t> childPids(pid_t pid)
{
    std::vector<pid_t> children;
    std::error_code ec;
    for (auto it = fs::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec);
         !ec && it != fs::directory_iterator(); it.increment(ec)) { // it may end at any time
        std::istringstream in(readAll(it->path().string() + "/children"));
        for (pid_t child = 0; in >> child;) {
            children.push_back(child);
        }
    }
    return children;
}

// Listening sockets of one /proc/net table: the inode of the rows whose state (or flags) column
// says so.
void addListening(const std::string& table, const std::string& listen, size_t stateColumn,
                  size_t inodeColumn, std::set<unsigned long>& out)
{
    std::istringstream in(readAll(table));
    std::string line;
    std::getline(in, line); // the header
    while (std::getline(in, line)) {
        std::istringstream row(line);
        std::vector<std::string> columns;
        for (std::string c; row >> c;) {
            columns.push_back(c);
        }
        if (columns.size() > std::max(stateColumn, inodeColumn) && columns[stateColumn] == listen) {
            out.insert(std::strtoul(columns[inodeColumn].c_str(), nullptr, 10));
        }
    }
}

} // namespace

std::optional<ProcessId> processId(pid_t pid)
{
    const auto fields = statFields(pid);
    if (fields.size() < 20) {
        return std::nullopt;
    }
    return ProcessId{pid, std::strtoull(fields[19].c_str(), nullptr, 10)};
}

bool isRunning(const ProcessId& process)
{
    const auto fields = statFields(process.pid);
    return fields.size() >= 20 && std::strtoull(fields[19].c_str(), nullptr, 10) == process.start &&
           fields[0] != "Z";
}

std::vector<ProcessId> descendantsOf(pid_t root)
{
    std::vector<ProcessId> found;
    std::vector<pid_t> next{root};
    for (size_t depth = 0; depth < 64 && !next.empty(); ++depth) { // bounded: no cycles in /proc
        std::vector<pid_t> below;
        for (const pid_t parent : next) {
            for (const pid_t child : childPids(parent)) {
                if (const auto id = processId(child)) {
                    found.push_back(*id);
                    below.push_back(child);
                }
            }
        }
        next = std::move(below);
    }
    return found;
}

std::vector<ProcessId> childrenOf(pid_t parent)
{
    std::vector<ProcessId> children;
    for (const pid_t child : childPids(parent)) {
        if (const auto id = processId(child)) {
            children.push_back(*id);
        }
    }
    return children;
}

std::vector<std::string> commandLineOf(pid_t pid)
{
    const std::string raw = readAll("/proc/" + std::to_string(pid) + "/cmdline");
    std::vector<std::string> args;
    for (size_t begin = 0; begin < raw.size();) {
        const size_t end = raw.find('\0', begin);
        args.push_back(raw.substr(begin, end - begin));
        begin = end == std::string::npos ? raw.size() : end + 1;
    }
    return args;
}

std::string describeProcess(pid_t pid)
{
    std::string text = std::to_string(pid);
    for (const std::string& a : commandLineOf(pid)) {
        text += " " + a;
    }
    return text;
}

std::optional<std::string> environmentValue(pid_t pid, const std::string& name)
{
    const std::string raw = readAll("/proc/" + std::to_string(pid) + "/environ");
    const std::string key = name + "=";
    for (size_t begin = 0; begin < raw.size();) {
        const size_t end = std::min(raw.find('\0', begin), raw.size());
        if (raw.compare(begin, key.size(), key) == 0) {
            return raw.substr(begin + key.size(), end - begin - key.size());
        }
        begin = end + 1;
    }
    return std::nullopt;
}

std::set<unsigned long> socketInodesOf(pid_t pid)
{
    std::set<unsigned long> inodes;
    std::error_code ec;
    for (auto it = fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec);
         !ec && it != fs::directory_iterator(); it.increment(ec)) {
        std::error_code linkError;
        const std::string target = fs::read_symlink(it->path(), linkError).string();
        if (!linkError && target.starts_with("socket:[")) {
            inodes.insert(std::strtoul(target.c_str() + 8, nullptr, 10));
        }
    }
    return inodes;
}

std::set<unsigned long> listeningSocketInodes()
{
    std::set<unsigned long> inodes;
    addListening("/proc/net/tcp", "0A", 3, 9, inodes); // TCP_LISTEN
    addListening("/proc/net/tcp6", "0A", 3, 9, inodes);
    addListening("/proc/net/unix", "00010000", 3, 6, inodes); // flags: __SO_ACCEPTCON
    return inodes;
}

int killStillRunning(const std::vector<ProcessId>& processes)
{
    int killed = 0;
    for (const ProcessId& p : processes) {
        if (isRunning(p) && ::kill(p.pid, SIGKILL) == 0) {
            ++killed;
        }
    }
    waitUntil(
        [&] {
            for (const ProcessId& p : processes) {
                if (isRunning(p)) {
                    return false;
                }
            }
            return true;
        },
        std::chrono::seconds(10));
    return killed;
}

} // namespace xylem::testing
