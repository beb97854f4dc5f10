#pragma once

// A real OpenSSH server on every host of an emulated cluster, with key authentication only, for
// tests that start Xylem the way a user does on a cluster: `--launcher 'ssh {host} {command}'`.
// The farm makes its own keys (a host key shared by the hosts, a client key for root) in its own
// folder and never touches ~/.ssh or /etc/ssh: the client side is one ssh_config file, which
// the launcher names (`ssh -F FILE {host} {command}`), with batch mode (a missing key fails, it
// never prompts), strict host key checking against the farm's known_hosts, and a connect
// time-out. Each sshd listens on its host's address only, port 22 of the host's own network
// namespace, and logs to the farm's folder; the cluster's teardown ends them with the host.
//
// Needs /usr/sbin/sshd and ssh-keygen (openssh-server, which install-deps.sh installs):
// unavailableReason() says what is missing, for a QSKIP.

#include "core/model/result.h"
#include "tests/cluster/emulatedcluster.h"

#include <string>
#include <vector>

namespace xylem::testing {

class SshFarm
{
public:
    static std::string unavailableReason(); // empty when sshd and ssh-keygen are here

    // Starts sshd on each of `hosts` of `cluster` (all when empty) and waits until `from` can
    // run a command on every one of them over ssh; an error names the host and sshd's log.
    static Result<SshFarm> start(EmulatedCluster& cluster, const std::string& folder,
                                 const std::string& from, std::vector<std::string> hosts = {});

    const std::string& clientConfig() const { return m_clientConfig; }
    // "ssh -F CONFIG {host} {command}": the launcher template for xylem-cli record.
    std::string launcher() const;
    // ssh argv that runs `command` (one shell line) on `host` with the farm's client config.
    std::vector<std::string> sshArgv(const std::string& host, const std::string& command) const;
    const std::string& folder() const { return m_folder; }

private:
    std::string m_folder;
    std::string m_clientConfig;
};

} // namespace xylem::testing
