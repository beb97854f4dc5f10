#include "tests/cluster/sshfarm.h"

#include "tests/cluster/childprocess.h"
#include "tests/support/waituntil.h"

#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace xylem::testing {

namespace {

constexpr const char* kSshd = "/usr/sbin/sshd";
constexpr auto kReadyTimeout = std::chrono::seconds(20);

std::string fileText(const std::string& path)
{
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

Result<Ok> writeFile(const std::string& path, const std::string& text)
{
    std::ofstream out(path, std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
        return makeError(ErrorCode::IoError, "cannot write", path);
    }
    return Ok{};
}

Result<Ok> makeKey(const std::string& path)
{
    XYLEM_TRY(made, runChild({"ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "xylem-sshfarm",
                              "-f", path},
                             std::chrono::seconds(20)));
    return Ok{};
}

std::string sshdConfig(const std::string& folder, const std::string& address)
{
    return "Port 22\n"
           "ListenAddress " + address + "\n"
           "HostKey " + folder + "/host_key\n"
           "AuthorizedKeysFile " + folder + "/authorized_keys\n"
           "PermitRootLogin prohibit-password\n"
           "PubkeyAuthentication yes\n"
           "PasswordAuthentication no\n"
           "KbdInteractiveAuthentication no\n"
           "UsePAM no\n"
           "StrictModes no\n" // the farm's folder is a temporary directory, not ~/.ssh
           "PidFile none\n"
           "PrintMotd no\n"
           "LogLevel INFO\n";
}

std::string clientConfigText(const std::string& folder)
{
    return "Host *\n"
           "  User root\n"
           "  IdentityFile " + folder + "/client_key\n"
           "  IdentitiesOnly yes\n"
           "  UserKnownHostsFile " + folder + "/known_hosts\n"
           "  GlobalKnownHostsFile /dev/null\n"
           "  StrictHostKeyChecking yes\n"
           "  BatchMode yes\n"
           "  ConnectTimeout 5\n"
           "  ServerAliveInterval 5\n"
           "  ControlMaster no\n"
           "  LogLevel ERROR\n";
}

} // namespace

std::string SshFarm::unavailableReason()
{
    if (::access(kSshd, X_OK) != 0) {
        return std::string(kSshd) + " is missing (openssh-server; packaging/setup/install-deps.sh)";
    }
    if (::access("/usr/bin/ssh-keygen", X_OK) != 0 || ::access("/usr/bin/ssh", X_OK) != 0) {
        return "ssh or ssh-keygen is missing (openssh-client)";
    }
    return {};
}

Result<SshFarm> SshFarm::start(EmulatedCluster& cluster, const std::string& folder,
                               const std::string& from, std::vector<std::string> hosts)
{
    if (hosts.empty()) {
        for (const auto& h : cluster.hosts()) {
            hosts.push_back(h.name);
        }
    }
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    std::filesystem::permissions(folder, std::filesystem::perms::owner_all, ec);
    XYLEM_TRY(hostKey, makeKey(folder + "/host_key"));
    XYLEM_TRY(clientKey, makeKey(folder + "/client_key"));
    XYLEM_TRY(authorized,
              writeFile(folder + "/authorized_keys", fileText(folder + "/client_key.pub")));
    std::string known;
    const std::string hostPublic = fileText(folder + "/host_key.pub");
    for (const auto& h : cluster.hosts()) {
        known += h.name + "," + cluster.address(h.name) + " " + hostPublic;
    }
    XYLEM_TRY(knownHosts, writeFile(folder + "/known_hosts", known));

    SshFarm farm;
    farm.m_folder = folder;
    farm.m_clientConfig = folder + "/ssh_config";
    XYLEM_TRY(client, writeFile(farm.m_clientConfig, clientConfigText(folder)));

    for (const auto& host : hosts) {
        const std::string address = cluster.address(host);
        if (address.empty()) {
            return makeError(ErrorCode::InvalidArgument, "no such host in the cluster", host);
        }
        const std::string config = folder + "/sshd_config-" + host;
        XYLEM_TRY(written, writeFile(config, sshdConfig(folder, address)));
        // Privilege separation wants /run/sshd; the host's /run is its own, empty at boot.
        XYLEM_TRY(sshd, cluster.start(host,
                                      {"/bin/sh", "-c",
                                       "mkdir -p -m 0755 /run/sshd && exec " +
                                           std::string(kSshd) + " -D -e -f '" + config + "'"},
                                      {}, folder + "/sshd-" + host + ".log"));
    }
    // Ready when a command goes through: sshd listens before the first connection is accepted,
    // and the client must also trust the host key and present the key the server expects.
    for (const auto& host : hosts) {
        Result<std::string> ran = makeError(ErrorCode::TimedOut, "not tried");
        waitUntil(
            [&] {
                ran = cluster.run(from, farm.sshArgv(host, "hostname"), std::chrono::seconds(10));
                return ran && ran.value().find(host) != std::string::npos;
            },
            kReadyTimeout, std::chrono::milliseconds(100));
        if (!ran || ran.value().find(host) == std::string::npos) {
            return makeError(ErrorCode::TimedOut,
                             "ssh from " + from + " to " + host + " did not work within " +
                                 std::to_string(kReadyTimeout.count()) + " s: " +
                                 (ran ? "it ran on " + ran.value() : ran.error().describe()) +
                                 "; sshd said: " +
                                 tailOfFile(folder + "/sshd-" + host + ".log", 600),
                             host);
        }
    }
    return farm;
}

std::string SshFarm::launcher() const
{
    return "ssh -F " + m_clientConfig + " {host} {command}";
}

std::vector<std::string> SshFarm::sshArgv(const std::string& host, const std::string& command) const
{
    return {"ssh", "-F", m_clientConfig, host, command};
}

} // namespace xylem::testing
