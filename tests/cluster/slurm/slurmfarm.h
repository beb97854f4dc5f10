#pragma once

// A real Slurm on an emulated cluster, for tests that start Xylem the way a user does on a batch
// system: `srun ... xylem-collector --attach HOST:PORT`, `--launcher 'srun -w {host} {command}'`.
// One munged for the whole cluster (the file system is shared, and a Unix socket on it reaches
// every host's network namespace), slurmctld on the head host and one slurmd per compute host,
// each in its host's namespaces (its own UTS name is its Slurm node name). Everything lives in
// the farm's folder: the munge key, socket and seed, slurm.conf (SLURM_CONF names it for the
// daemons and for srun, sinfo, scontrol), the state, spool, pid and log files. Nothing of the
// machine is read or written: not /etc/slurm, /etc/munge nor /run/munge.
//
// The daemons run in the foreground (-D, -F), so each one is a process of the farm's, ended by
// its pid in stop() (the destructor, and a failed start()); the cluster's teardown ends what
// they started (slurmstepd and the job's tasks) with the hosts. A daemon that dies or a node
// that does not come up is an error quoting the daemon's log.
//
// Needs slurmctld, slurmd, srun, sinfo, munged and mungekey (slurmctld, slurmd, slurm-client and
// munge, which install-deps.sh installs): unavailableReason() says what is missing, for a QSKIP.

#include "core/model/result.h"
#include "tests/cluster/emulatedcluster.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xylem::testing {

class SlurmFarm
{
public:
    static std::string unavailableReason(); // empty when Slurm and munge are here

    // munged and slurmctld on `head`, slurmd on each of `computeHosts` (one partition of them,
    // the default), then waits until every compute node is idle. `folder` is made if missing.
    static Result<std::unique_ptr<SlurmFarm>> start(EmulatedCluster& cluster,
                                                    const std::string& folder,
                                                    const std::string& head,
                                                    const std::vector<std::string>& computeHosts);
    ~SlurmFarm(); // stop()
    SlurmFarm(const SlurmFarm&) = delete;
    SlurmFarm& operator=(const SlurmFarm&) = delete;

    // Ends every daemon by its pid (slurmds, slurmctld, munged). Idempotent.
    void stop();

    const std::string& config() const { return m_config; } // slurm.conf
    // "SLURM_CONF=...": the environment entry srun, sinfo and scontrol need.
    std::string environment() const { return "SLURM_CONF=" + m_config; }
    // "srun -N1 -n1 -w {host} {command}": the launcher template for xylem-cli record.
    static std::string launcher();
    const std::string& folder() const { return m_folder; }
    // The logs of every daemon, each one's tail, for a test's failure message.
    std::string logs() const;

private:
    SlurmFarm(EmulatedCluster& cluster, std::string folder, std::string head,
              std::vector<std::string> computeHosts);
    Result<Ok> writeFiles();
    Result<Ok> startMunge();
    Result<Ok> startSlurm();
    Result<Ok> awaitIdleNodes();
    // An error when a daemon has ended (its status and log), Ok while all run.
    Result<Ok> daemonsAlive();

    struct Daemon
    {
        std::string name; // "slurmd on h1"
        std::string log;  // its own log file
        std::string out;  // its stdout and stderr
        HostProcess process;
        std::optional<int> ended = std::nullopt; // its wait status, once it was reaped
    };

    static std::string logOf(const Daemon& d, std::size_t bytes);

    EmulatedCluster& m_cluster;
    std::string m_folder;
    std::string m_head;
    std::vector<std::string> m_compute;
    std::string m_config;
    std::vector<Daemon> m_daemons; // in start order; stopped in reverse
};

} // namespace xylem::testing
