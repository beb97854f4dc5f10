#include "tests/support/processtree.h"

#include "tests/support/waituntil.h"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace xylem::testing {

namespace {

namespace fs = std::filesystem;

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
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
    for (const auto& task : fs::directory_iterator("/proc/" + std::to_string(pid) + "/task", ec)) {
        std::istringstream in(readAll(task.path().string() + "/children"));
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
            out.insert(std::stoul(columns[inodeColumn]));
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
    return ProcessId{pid, std::stoull(fields[19])};
}

bool isRunning(const ProcessId& process)
{
    const auto fields = statFields(process.pid);
    return fields.size() >= 20 && std::stoull(fields[19]) == process.start && fields[0] != "Z";
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
    for (const auto& fd : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
        const std::string target = fs::read_symlink(fd.path(), ec).string();
        if (!ec && target.starts_with("socket:[")) {
            inodes.insert(std::stoul(target.substr(8)));
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
