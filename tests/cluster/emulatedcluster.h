#pragma once

// A cluster of emulated hosts on this one machine, for tests of Xylem across hosts. Each host is
// a set of namespaces (network, UTS, IPC, mount, pid and time) with xylem-hostinit as pid 1: its
// own host name, /proc, /dev/shm, /run and /etc/hosts, its own CLOCK_MONOTONIC offset, and one
// veth "eth0" to a bridge in a switch namespace, with 10.91.S.(i+1)/24 (S from this process's
// pid, so that clusters of suites run side by side differ). Nothing is added to the machine's
// own namespaces: no link, route, mount or named netns. The filesystem is shared, as on a
// cluster with one install: the private mounts and a per-host TMPDIR are what the hosts do not
// share.
//
// Teardown is SIGKILL to each host's init by pid, which ends every process of the host and with
// them its namespaces and links; the destructor does it, and a failed create() too. A harness
// that dies leaves no host behind: each init watches a lifeline pipe the harness holds.
//
// Needs root, unshare with --time (util-linux >= 2.36, a kernel with time namespaces) and ip:
// unavailableReason() says what is missing, for a QSKIP.

#include "core/model/result.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace xylem::testing {

class HostInit;

struct EmulatedHostSpec
{
    std::string name;
    std::string cluster;               // for tests that group hosts (host files); unused here
    std::int64_t monotonicOffsetS = 0; // added to CLOCK_MONOTONIC and CLOCK_BOOTTIME on the host
    // Directories the host sees empty (an empty tmpfs over each): a front-end's folder hidden
    // from the other hosts proves that nothing reaches them through the shared filesystem.
    std::vector<std::string> hidden;
};

struct ClusterSpec
{
    std::vector<EmulatedHostSpec> hosts;
    int subnet = -1; // S of 10.91.S.0/24, 1..254; -1: from this process's pid

    // h0 .. h(n-1), offsets[i] seconds ahead on host i (0 where none is given).
    static ClusterSpec ofSize(int hosts, const std::vector<std::int64_t>& offsets = {});
};

// A process started on a host: `pid` is the program's pid as this process sees it (to kill or
// inspect it); `waiter` is this process's child that ends as the program ends (xylem-hostexec).
struct HostProcess
{
    std::string host;
    pid_t pid = -1;
    pid_t waiter = -1;
};

class EmulatedCluster
{
public:
    static std::string unavailableReason(); // empty when clusters can be made here
    // workDir: an existing directory for the cluster's files (logs, hosts file, host TMPDIRs).
    static Result<std::unique_ptr<EmulatedCluster>> create(ClusterSpec spec, std::string workDir);
    ~EmulatedCluster(); // teardown()
    EmulatedCluster(const EmulatedCluster&) = delete;
    EmulatedCluster& operator=(const EmulatedCluster&) = delete;

    // Ends every host and every process started on one, reaps what was ours. Idempotent.
    void teardown();

    const std::vector<EmulatedHostSpec>& hosts() const { return m_spec.hosts; }
    std::string address(std::string_view host) const; // "10.91.S.(i+1)"; empty: no such host
    std::string subnet() const;                       // "10.91.S.0/24"
    pid_t initPid(std::string_view host) const;       // -1: no such host (or torn down)
    pid_t switchPid() const;
    // Every process of ours the cluster runs on: unshare and init of each host and the switch,
    // and the waiters of processes started and not yet waited for.
    std::vector<pid_t> ownProcesses() const;
    std::string hostsFile() const { return m_work + "/hosts.txt"; }
    std::string tmpDir(std::string_view host) const; // the host's TMPDIR

    // A command line that runs argv on the host (for QProcess and the like): xylem-hostexec.
    std::vector<std::string> enter(std::string_view host, std::vector<std::string> argv) const;
    // Runs argv on the host with this process's environment, the host's TMPDIR and `env`
    // ("NAME=VALUE") over it; stdout and stderr to `log` (appended; empty: /dev/null).
    Result<HostProcess> start(std::string_view host, const std::vector<std::string>& argv,
                              const std::vector<std::string>& env, const std::string& log);
    // The program's wait status once it ended; nullopt when it still runs at the time-out.
    std::optional<int> wait(const HostProcess& process, std::chrono::milliseconds timeout);
    void kill(const HostProcess& process); // SIGKILL by pid, then its waiter reaped
    // start, wait (killed at the time-out) and the output; an error unless it exited with 0.
    Result<std::string> run(std::string_view host, const std::vector<std::string>& argv,
                            std::chrono::milliseconds timeout = std::chrono::seconds(30));

    // Pulls (or plugs back) the host's cable: its port on the switch goes down. The host keeps
    // its address and routes; what it sends and what is sent to it is lost, as with a dead
    // link (connections stall rather than fail at once).
    Result<Ok> setLink(std::string_view host, bool up);

private:
    EmulatedCluster(ClusterSpec spec, std::string workDir);
    Result<Ok> bringUp();
    Result<Ok> boot();
    Result<Ok> wire();
    struct IpRun
    {
        HostProcess ip;
        std::string where; // "switch", "hosts/h0"
        std::string stem;  // of its batch and log files
    };
    Result<IpRun> startIp(pid_t nsOf, const std::string& where, const std::string& batch);
    Result<Ok> finishIp(const IpRun& run);
    Result<Ok> runIp(pid_t nsOf, const std::string& where, const std::string& batch);
    Result<HostProcess> launch(pid_t nsOf, const std::string& namespaces, const std::string& host,
                               const std::vector<std::string>& argv,
                               const std::vector<std::string>& env, const std::string& log);
    int indexOf(std::string_view host) const; // -1: none

    ClusterSpec m_spec;
    std::string m_work;
    std::string m_hostinit;
    std::string m_hostexec;
    std::vector<std::unique_ptr<HostInit>> m_hosts; // in the order of m_spec.hosts
    std::unique_ptr<HostInit> m_switch;
    std::vector<pid_t> m_waiters; // started, not yet reaped
    int m_runs = 0;               // names run()'s output files
};

} // namespace xylem::testing
