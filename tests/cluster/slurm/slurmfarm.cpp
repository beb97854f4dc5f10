#include "tests/cluster/slurm/slurmfarm.h"

#include "tests/cluster/childprocess.h"
#include "tests/support/waituntil.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace xylem::testing {

namespace {

constexpr auto kMungeTimeout = std::chrono::seconds(10);
constexpr auto kIdleTimeout = std::chrono::seconds(30); // slurmd registers within seconds
constexpr int kCpusPerNode = 16; // declared (config_overrides): a collector, relays and the
                                 // program of one recording each hold a CPU of the node

const char* const kPrograms[] = {"/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/srun",
                                 "/usr/bin/sinfo",      "/usr/sbin/munged", "/usr/sbin/mungekey",
                                 "/usr/bin/munge"};

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

std::string mungeSocket(const std::string& folder)
{
    return folder + "/munge/munge.socket";
}

} // namespace

// The daemon's log file, or what it wrote on stderr when it ended before it opened the file
// (a bad option, a configuration it refused).
std::string SlurmFarm::logOf(const Daemon& d, std::size_t bytes)
{
    const std::string log = tailOfFile(d.log, bytes);
    return log.empty() ? tailOfFile(d.out, bytes) : log;
}

std::string SlurmFarm::unavailableReason()
{
    for (const char* program : kPrograms) {
        if (::access(program, X_OK) != 0) {
            return std::string(program) +
                   " is missing (slurmctld, slurmd, slurm-client, munge; "
                   "packaging/setup/install-deps.sh)";
        }
    }
    return {};
}

SlurmFarm::SlurmFarm(EmulatedCluster& cluster, std::string folder, std::string head,
                     std::vector<std::string> computeHosts)
    : m_cluster(cluster), m_folder(std::move(folder)), m_head(std::move(head)),
      m_compute(std::move(computeHosts)), m_config(m_folder + "/slurm.conf")
{
}

SlurmFarm::~SlurmFarm()
{
    stop();
}

void SlurmFarm::stop()
{
    for (auto d = m_daemons.rbegin(); d != m_daemons.rend(); ++d) {
        m_cluster.kill(d->process); // a no-op for one already reaped
    }
    m_daemons.clear();
}

std::string SlurmFarm::launcher()
{
    return "srun -N1 -n1 -w {host} {command}";
}

std::string SlurmFarm::logs() const
{
    std::string text;
    for (const Daemon& d : m_daemons) {
        text += "--- " + d.name + ":\n" + logOf(d, 1500);
    }
    return text;
}

Result<std::unique_ptr<SlurmFarm>> SlurmFarm::start(EmulatedCluster& cluster,
                                                    const std::string& folder,
                                                    const std::string& head,
                                                    const std::vector<std::string>& computeHosts)
{
    for (const std::string& host : computeHosts) {
        if (cluster.address(host).empty() || host == head) {
            return makeError(ErrorCode::InvalidArgument,
                             "a compute host must be a host of the cluster other than the head",
                             host);
        }
    }
    if (cluster.address(head).empty() || computeHosts.empty()) {
        return makeError(ErrorCode::InvalidArgument, "no such head host, or no compute host", head);
    }
    std::unique_ptr<SlurmFarm> farm(new SlurmFarm(cluster, folder, head, computeHosts));
    // Each step ends the daemons started so far when it fails (the destructor).
    XYLEM_TRY(files, farm->writeFiles());
    XYLEM_TRY(munge, farm->startMunge());
    XYLEM_TRY(slurm, farm->startSlurm());
    XYLEM_TRY(idle, farm->awaitIdleNodes());
    return farm;
}

Result<Ok> SlurmFarm::writeFiles()
{
    namespace fs = std::filesystem;
    std::error_code ec;
    for (const std::string sub : {"", "/munge", "/state", "/log", "/spool"}) {
        fs::create_directories(m_folder + sub, ec);
        if (ec) {
            return makeError(ErrorCode::IoError, "cannot make a folder: " + ec.message(),
                             m_folder + sub);
        }
    }
    // munged wants its key and socket folder closed to others.
    fs::permissions(m_folder + "/munge", fs::perms::owner_all, ec);
    for (const std::string& host : m_compute) {
        fs::create_directories(m_folder + "/spool/" + host, ec); // slurmd's socket folder
    }
    XYLEM_TRY(key, runChild({"mungekey", "--create", "--keyfile", m_folder + "/munge/munge.key"},
                            std::chrono::seconds(10)));
    XYLEM_TRY(plugstack, writeFile(m_folder + "/plugstack.conf", "")); // not /etc/slurm's

    const std::string& f = m_folder;
    std::ostringstream conf;
    conf << "# written by tests/cluster/slurm/slurmfarm.cpp for one test\n"
         << "ClusterName=xylemtest\n"
         << "SlurmctldHost=" << m_head << "(" << m_cluster.address(m_head) << ")\n"
         << "SlurmUser=root\nSlurmdUser=root\n"
         << "AuthType=auth/munge\nCredType=cred/munge\n"
         << "AuthInfo=socket=" << mungeSocket(f) << "\n"
         << "StateSaveLocation=" << f << "/state\n"
         << "SlurmdSpoolDir=" << f << "/spool/%n\n"
         << "SlurmctldPidFile=" << f << "/slurmctld.pid\n"
         << "SlurmdPidFile=" << f << "/slurmd-%n.pid\n"
         << "SlurmctldLogFile=" << f << "/log/slurmctld.log\n"
         << "SlurmdLogFile=" << f << "/log/slurmd-%n.log\n"
         << "PlugStackConfig=" << f << "/plugstack.conf\n"
         << "MailProg=/bin/true\n"
         // No cgroups, no accounting: the hosts are namespaces of one machine.
         << "ProctrackType=proctrack/linuxproc\nTaskPlugin=task/none\n"
         << "JobAcctGatherType=jobacct_gather/none\n"
         << "AccountingStorageType=accounting_storage/none\nJobCompType=jobcomp/none\n"
         << "MpiDefault=none\nSwitchType=switch/none\n"
         // CPUs rather than whole nodes: several jobs (collector, program) share a node.
         << "SelectType=select/cons_tres\nSelectTypeParameters=CR_CPU\n"
         << "SlurmdParameters=config_overrides\n"
         << "ReturnToService=2\nSlurmctldDebug=info\nSlurmdDebug=info\n";
    std::string nodes;
    for (const std::string& host : m_compute) {
        conf << "NodeName=" << host << " NodeAddr=" << m_cluster.address(host)
             << " CPUs=" << kCpusPerNode << " State=UNKNOWN\n";
        nodes += (nodes.empty() ? "" : ",") + host;
    }
    conf << "PartitionName=xylem Nodes=" << nodes << " Default=YES MaxTime=INFINITE State=UP\n";
    return writeFile(m_config, conf.str());
}

Result<Ok> SlurmFarm::startMunge()
{
    const std::string dir = m_folder + "/munge";
    // --force: munged runs as root here, in a folder of a temporary directory.
    XYLEM_TRY(munged, m_cluster.start(m_head,
                                      {"munged", "--foreground", "--force",
                                       "--socket=" + mungeSocket(m_folder),
                                       "--key-file=" + dir + "/munge.key",
                                       "--pid-file=" + dir + "/munged.pid",
                                       "--seed-file=" + dir + "/munged.seed",
                                       "--log-file=" + dir + "/munged.log"},
                                      {}, m_folder + "/log/munged.out"));
    // In the foreground munged logs to stderr.
    m_daemons.push_back({"munged on " + m_head, m_folder + "/log/munged.out",
                         m_folder + "/log/munged.out", munged.value()});
    // Ready when a credential can be made through the socket (from this machine: the socket
    // is a file of the shared file system).
    Result<std::string> made = makeError(ErrorCode::TimedOut, "not tried");
    waitUntil(
        [&] {
            if (!daemonsAlive()) {
                return true;
            }
            made = runChild({"munge", "--socket", mungeSocket(m_folder), "--no-input"},
                            std::chrono::seconds(5));
            return bool(made);
        },
        kMungeTimeout, std::chrono::milliseconds(20));
    XYLEM_TRY(alive, daemonsAlive());
    if (!made) {
        return makeError(ErrorCode::TimedOut,
                         "munged gave no credential within " +
                             std::to_string(kMungeTimeout.count()) + " s (" +
                             made.error().describe() + "); its log:\n" + logs());
    }
    return Ok{};
}

Result<Ok> SlurmFarm::startSlurm()
{
    const std::vector<std::string> env{environment()};
    XYLEM_TRY(ctld, m_cluster.start(m_head, {"slurmctld", "-D", "-i", "-f", m_config}, env,
                                    m_folder + "/log/slurmctld.out"));
    m_daemons.push_back({"slurmctld on " + m_head, m_folder + "/log/slurmctld.log",
                         m_folder + "/log/slurmctld.out", ctld.value()});
    for (const std::string& host : m_compute) {
        // The node name is the host's own UTS name; -N says it anyway.
        XYLEM_TRY(slurmd, m_cluster.start(host, {"slurmd", "-D", "-N", host, "-f", m_config},
                                          env, m_folder + "/log/slurmd-" + host + ".out"));
        m_daemons.push_back(
            {"slurmd on " + host, m_folder + "/log/slurmd-" + host + ".log",
             m_folder + "/log/slurmd-" + host + ".out", slurmd.value()});
    }
    return Ok{};
}

Result<Ok> SlurmFarm::daemonsAlive()
{
    for (Daemon& d : m_daemons) {
        if (!d.ended) {
            d.ended = m_cluster.wait(d.process, std::chrono::milliseconds(0));
        }
        if (const auto status = d.ended) {
            return makeError(ErrorCode::IoError,
                             d.name + " ended with " + describeStatus(*status) + "; its log:\n" +
                                 logOf(d, 2000));
        }
    }
    return Ok{};
}

Result<Ok> SlurmFarm::awaitIdleNodes()
{
    std::string said;
    Result<Ok> alive = Ok{};
    auto allIdle = [&] {
        alive = daemonsAlive();
        if (!alive) {
            return true;
        }
        auto info = m_cluster.run(m_head, {"env", environment(), "sinfo", "-h", "-N", "-o", "%N %T"},
                                  std::chrono::seconds(10));
        said = info ? info.value() : info.error().describe();
        if (!info) {
            return false;
        }
        return std::all_of(m_compute.begin(), m_compute.end(), [&](const std::string& host) {
            return said.find(host + " idle\n") != std::string::npos;
        });
    };
    const bool done = waitUntil(allIdle, kIdleTimeout, std::chrono::milliseconds(100));
    if (!alive) {
        return alive.error();
    }
    if (!done) {
        return makeError(ErrorCode::TimedOut, "the Slurm nodes were not all idle within " +
                                                  std::to_string(kIdleTimeout.count()) +
                                                  " s; sinfo said: " + said + "\n" + logs());
    }
    return Ok{};
}

} // namespace xylem::testing
