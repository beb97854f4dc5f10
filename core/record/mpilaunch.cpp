#include "core/record/mpilaunch.h"

#include "core/tree/hostfile.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace xylem::record {

namespace {

bool isOneOf(const std::string& name, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return name == n; });
}

// The value of an option given as "-H v", "--host v" or "--host=v"; `at` moves past it.
struct OptionValue
{
    bool matched = false;
    std::string value;
};

OptionValue valueOf(const std::vector<std::string>& command, size_t& at,
                    std::initializer_list<const char*> names)
{
    const std::string& word = command[at];
    for (const char* name : names) {
        const std::string n(name);
        if (word == n) {
            if (at + 1 >= command.size()) {
                return {true, ""};
            }
            return {true, command[++at]};
        }
        if (n.starts_with("--") && word.starts_with(n + "=")) {
            return {true, word.substr(n.size() + 1)};
        }
    }
    return {};
}

void addOnce(std::vector<std::string>& hosts, const std::string& host)
{
    if (!host.empty() && std::find(hosts.begin(), hosts.end(), host) == hosts.end()) {
        hosts.push_back(host);
    }
}

// "a,b:2,c" (OpenMPI's -H: a host and its slots) or a Slurm host list "node[01-04],x".
Result<Ok> addListed(std::vector<std::string>& hosts, const std::string& list,
                     const std::string& option)
{
    if (list.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "the MPI command's " + option + " names no host");
    }
    XYLEM_TRY(expanded, tree::expandHostList(list));
    for (const std::string& entry : expanded.value()) {
        addOnce(hosts, entry.substr(0, entry.find(':')));
    }
    return Ok{};
}

Result<Ok> addFromFile(std::vector<std::string>& hosts, const std::string& path,
                       const std::string& option)
{
    if (path.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "the MPI command's " + option + " names no file");
    }
    XYLEM_TRY(entries, tree::readHostFile(path));
    for (const tree::HostEntry& e : entries.value()) {
        addOnce(hosts, e.host);
    }
    return Ok{};
}

// Options of OpenMPI's mpirun whose values may be the name of a program on $PATH, which would
// otherwise be taken for the program to run.
int valuesThatMayNameAProgram(const std::string& option)
{
    if (isOneOf(option, {"--mca", "-mca", "--gmca", "-gmca"})) {
        return 2;
    }
    return isOneOf(option, {"-x", "--launch-agent", "-launch-agent", "--prefix", "-prefix",
                            "--wdir", "-wdir", "--personality"})
               ? 1
               : 0;
}

} // namespace

std::string executable(const std::string& name)
{
    namespace fs = std::filesystem;
    std::error_code ignored; // unreadable: not one
    const auto runnable = [&](const fs::path& file) {
        return fs::is_regular_file(file, ignored) && ::access(file.c_str(), X_OK) == 0;
    };
    if (name.find('/') != std::string::npos) {
        return runnable(name) ? name : std::string();
    }
    const char* path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        if (const fs::path candidate = fs::path(dir) / name; runnable(candidate)) {
            return candidate.string();
        }
    }
    return {};
}

std::vector<std::string> resolvedCommand(std::vector<std::string> command)
{
    if (command.front().find('/') == std::string::npos) {
        if (std::string found = executable(command.front()); !found.empty()) {
            command.front() = std::move(found);
        }
    }
    return command;
}

std::string programName(const std::vector<std::string>& command)
{
    namespace fs = std::filesystem;
    const std::string first = fs::path(command.front()).filename().string();
    if (launcherKindOf(command) != MpiLauncherKind::None) {
        for (auto a = command.begin() + 1; a != command.end(); ++a) {
            if (!a->starts_with('-') && !executable(*a).empty()) {
                return fs::path(*a).filename().string();
            }
        }
    }
    return first;
}

MpiLauncherKind launcherKindOf(const std::vector<std::string>& command)
{
    if (command.empty()) {
        return MpiLauncherKind::None;
    }
    namespace fs = std::filesystem;
    const std::string name = fs::path(command.front()).filename().string();
    if (name == "srun") {
        return MpiLauncherKind::Slurm;
    }
    if (!isOneOf(name, {"mpirun", "mpiexec", "orterun", "prterun", "mpiexec.hydra",
                        "mpirun.openmpi", "mpiexec.openmpi", "mpirun.mpich", "mpiexec.mpich"})) {
        return MpiLauncherKind::None;
    }
    // Debian installs mpirun as an alternative: what it resolves to says whose it is.
    std::error_code ec;
    const std::string found = executable(command.front());
    const std::string real =
        fs::canonical(found.empty() ? command.front() : found, ec).filename().string();
    return real.find("mpich") != std::string::npos || real.find("hydra") != std::string::npos
               ? MpiLauncherKind::Mpich
               : MpiLauncherKind::OpenMpi;
}

Result<std::vector<std::string>> mpiHostsOf(const std::vector<std::string>& command,
                                            const std::string& slurmNodeList)
{
    const MpiLauncherKind kind = launcherKindOf(command);
    std::vector<std::string> hosts;
    if (kind == MpiLauncherKind::None) {
        return hosts;
    }
    // Options up to the program: the first word that is no option and no option's value.
    for (size_t at = 1; at < command.size(); ++at) {
        const std::string& word = command[at];
        if (!word.starts_with('-') && !executable(word).empty()) {
            break; // the program: what follows are its own arguments
        }
        if (const int values = valuesThatMayNameAProgram(word); values > 0) {
            at += static_cast<size_t>(values); // "--mca plm_rsh_agent ssh": not the program
            continue;
        }
        OptionValue v;
        if (kind == MpiLauncherKind::Slurm) {
            if (word.starts_with("-w") && word.size() > 2) {
                v = {true, word.substr(2)};
            } else {
                v = valueOf(command, at, {"-w", "--nodelist"});
            }
            if (v.matched) {
                XYLEM_TRY(added, addListed(hosts, v.value, "node list (-w)"));
            }
        } else if (v = valueOf(command, at, {"-H", "-host", "--host"}); v.matched) {
            XYLEM_TRY(added, addListed(hosts, v.value, "host list (-H)"));
        } else if (v = valueOf(command, at,
                               {"-hostfile", "--hostfile", "-machinefile", "--machinefile", "-f"});
                   v.matched) {
            XYLEM_TRY(added, addFromFile(hosts, v.value, "host file"));
        }
    }
    if (hosts.empty() && !slurmNodeList.empty()) {
        XYLEM_TRY(added, addListed(hosts, slurmNodeList, "$SLURM_JOB_NODELIST"));
    }
    return hosts;
}

Result<std::vector<std::string>> mpiJobHosts(const std::vector<std::string>& command,
                                             const std::string& hostFile)
{
    if (!hostFile.empty()) {
        XYLEM_TRY(entries, tree::readHostFile(hostFile));
        std::vector<std::string> hosts;
        for (const tree::HostEntry& e : entries.value()) {
            hosts.push_back(e.host);
        }
        return hosts;
    }
    const char* allocation = std::getenv("SLURM_JOB_NODELIST");
    return mpiHostsOf(command, allocation ? allocation : "");
}

RankLaunch rankLaunch(std::vector<std::string> command, std::vector<std::string> environment)
{
    if (launcherKindOf(command) != MpiLauncherKind::OpenMpi) {
        return {std::move(command), std::move(environment)};
    }
    // An application file's contexts are not on the command line: there LD_PRELOAD stays in
    // the launcher's environment, forwarded by name like the rest.
    const bool appFile = std::any_of(command.begin(), command.end(), [](const std::string& w) {
        return w == "--app" || w == "-app";
    });
    std::vector<std::string> flags;
    std::vector<std::string> own;
    std::optional<std::string> preload;
    for (std::string& setting : environment) {
        const std::string name = setting.substr(0, setting.find('='));
        if (name == "LD_PRELOAD" && !appFile) {
            preload = setting;
            continue;
        }
        flags.insert(flags.end(), {"-x", name});
        own.push_back(std::move(setting));
    }
    // OpenMPI 4.1 gives a -x NAME=VALUE to the first application context only, so each context
    // of an MPMD command (A : B, split at every ':' as mpirun splits it) gets its own.
    std::vector<std::string> launched{command.front()};
    launched.insert(launched.end(), flags.begin(), flags.end());
    if (preload) {
        launched.insert(launched.end(), {"-x", *preload});
    }
    for (size_t i = 1; i < command.size(); ++i) {
        launched.push_back(command[i]);
        if (preload && command[i] == ":") {
            launched.insert(launched.end(), {"-x", *preload});
        }
    }
    return {std::move(launched), std::move(own)};
}

} // namespace xylem::record
