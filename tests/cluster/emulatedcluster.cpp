#include "tests/cluster/emulatedcluster.h"

#include "tests/cluster/childprocess.h"
#include "tests/cluster/hostboot.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <unistd.h>

namespace xylem::testing {

namespace {

namespace fs = std::filesystem;

constexpr auto kBootTime = std::chrono::seconds(20); // per host, on a loaded machine
constexpr auto kIpTime = std::chrono::seconds(20);

bool isExecutable(const std::string& path)
{
    return ::access(path.c_str(), X_OK) == 0;
}

// Names a host can carry everywhere: a host name, a file name, a line of a hosts file.
Result<Ok> checkSpec(const ClusterSpec& spec)
{
    static const std::regex name("[a-z][a-z0-9-]{0,30}");
    if (spec.hosts.empty() || spec.hosts.size() > 250) {
        return makeError(ErrorCode::InvalidArgument,
                         "a cluster has 1 to 250 hosts, not " + std::to_string(spec.hosts.size()));
    }
    if (spec.subnet < 1 || spec.subnet > 254) {
        return makeError(ErrorCode::InvalidArgument,
                         "subnet " + std::to_string(spec.subnet) + " is not in 1..254");
    }
    std::set<std::string> seen;
    for (const EmulatedHostSpec& h : spec.hosts) {
        if (!std::regex_match(h.name, name) || !seen.insert(h.name).second) {
            return makeError(ErrorCode::InvalidArgument,
                             "host name '" + h.name + "' is not a new [a-z][a-z0-9-]* name");
        }
    }
    return Ok{};
}

} // namespace

ClusterSpec ClusterSpec::ofSize(int hosts, const std::vector<std::int64_t>& offsets)
{
    ClusterSpec spec;
    for (int i = 0; i < hosts; ++i) {
        const auto index = static_cast<size_t>(i);
        spec.hosts.push_back({"h" + std::to_string(i),
                              {},
                              index < offsets.size() ? offsets[index] : std::int64_t{0}});
    }
    return spec;
}

std::string EmulatedCluster::unavailableReason()
{
    if (::geteuid() != 0) {
        return "needs root (namespaces, mounts, links)";
    }
    for (const char* program : {XYLEM_HOSTINIT, XYLEM_HOSTEXEC}) {
        if (!isExecutable(program)) {
            return std::string("not built: ") + program;
        }
    }
    if (auto ip = runChild({"ip", "-V"}, std::chrono::seconds(10)); !ip) {
        return "no usable ip (iproute2): " + ip.error().describe();
    }
    const auto time = runChild(
        {"unshare", "--pid", "--time", "--monotonic=1", "--fork", "--kill-child=KILL", "true"},
        std::chrono::seconds(10));
    if (!time) {
        return "unshare cannot make a time namespace (util-linux >= 2.36 and a kernel with "
               "time namespaces needed): " +
               time.error().describe();
    }
    return {};
}

Result<std::unique_ptr<EmulatedCluster>> EmulatedCluster::create(ClusterSpec spec,
                                                                 std::string workDir)
{
    if (spec.subnet == -1) {
        spec.subnet = 1 + static_cast<int>(::getpid() % 254);
    }
    XYLEM_TRY(checked, checkSpec(spec));
    std::error_code ec;
    for (const EmulatedHostSpec& h : spec.hosts) {
        fs::create_directories(workDir + "/hosts/" + h.name + "/tmp", ec);
    }
    fs::create_directories(workDir + "/switch", ec);
    if (ec) {
        return makeError(ErrorCode::IoError, "cannot make the cluster's folders: " + ec.message(),
                         workDir);
    }
    std::unique_ptr<EmulatedCluster> cluster(new EmulatedCluster(std::move(spec), workDir));
    if (auto up = cluster->bringUp(); !up) {
        return up.error(); // the cluster's destructor takes down what came up
    }
    return cluster;
}

EmulatedCluster::EmulatedCluster(ClusterSpec spec, std::string workDir)
    : m_spec(std::move(spec))
    , m_work(std::move(workDir))
    , m_hostinit(XYLEM_HOSTINIT)
    , m_hostexec(XYLEM_HOSTEXEC)
{
}

EmulatedCluster::~EmulatedCluster()
{
    teardown();
}

Result<Ok> EmulatedCluster::bringUp()
{
    std::ofstream hosts(hostsFile());
    hosts << "127.0.0.1 localhost\n::1 localhost\n";
    for (const EmulatedHostSpec& h : m_spec.hosts) {
        hosts << address(h.name) << ' ' << h.name << '\n';
    }
    hosts.close();
    if (!hosts) {
        return makeError(ErrorCode::IoError, "cannot write the hosts file", hostsFile());
    }
    XYLEM_TRY(booted, boot());
    return wire();
}

// Every init started first, then each awaited: the hosts come up side by side.
Result<Ok> EmulatedCluster::boot()
{
    m_switch = std::make_unique<HostInit>(
        HostBootSpec{"switch", std::nullopt, {}, {}, m_work + "/switch/init.log", m_hostinit});
    XYLEM_TRY(switchLaunched, m_switch->launch());
    for (const EmulatedHostSpec& h : m_spec.hosts) {
        m_hosts.push_back(std::make_unique<HostInit>(
            HostBootSpec{h.name, h.monotonicOffsetS, hostsFile(), h.hidden,
                         m_work + "/hosts/" + h.name + "/init.log", m_hostinit}));
        XYLEM_TRY(launched, m_hosts.back()->launch());
    }
    XYLEM_TRY(switchUp, m_switch->await(kBootTime));
    for (const auto& host : m_hosts) {
        XYLEM_TRY(up, host->await(kBootTime));
    }
    return Ok{};
}

// A bridge in the switch; per host a veth made from inside the host's network namespace (its
// pids are still ours there, so the peer goes straight to the switch's: the machine's own
// namespace never holds either end), then the ports enslaved and up. The bridge and the veths
// are made side by side.
Result<Ok> EmulatedCluster::wire()
{
    const std::string switchPid = std::to_string(m_switch->initPid());
    std::vector<IpRun> runs;
    std::string ports;
    XYLEM_TRY(bridge, startIp(m_switch->initPid(), "switch",
                              "link add br0 type bridge\nlink set br0 up\n"));
    runs.push_back(bridge.value());
    for (size_t i = 0; i < m_hosts.size(); ++i) {
        const std::string& name = m_spec.hosts[i].name;
        const std::string port = "p" + std::to_string(i);
        XYLEM_TRY(veth,
                  startIp(m_hosts[i]->initPid(), "hosts/" + name,
                          "link add eth0 type veth peer name " + port + " netns " + switchPid +
                              "\naddr add " + address(name) + "/24 dev eth0\nlink set eth0 up\n"));
        runs.push_back(veth.value());
        ports += "link set " + port + " master br0\nlink set " + port + " up\n";
    }
    for (const IpRun& run : runs) { // on an error, teardown reaps the others
        XYLEM_TRY(done, finishIp(run));
    }
    return runIp(m_switch->initPid(), "switch", ports);
}

Result<EmulatedCluster::IpRun> EmulatedCluster::startIp(pid_t nsOf, const std::string& where,
                                                        const std::string& batch)
{
    const std::string stem = m_work + "/" + where + "/ip-" + std::to_string(++m_runs);
    std::ofstream(stem + ".batch") << batch;
    XYLEM_TRY(ip, launch(nsOf, "net", where, {"ip", "-batch", stem + ".batch"}, {}, stem + ".log"));
    return IpRun{ip.value(), where, stem};
}

Result<Ok> EmulatedCluster::finishIp(const IpRun& run)
{
    const auto status = wait(run.ip, kIpTime);
    if (!status) {
        kill(run.ip);
    }
    if (!status || *status != 0) {
        return makeError(ErrorCode::IoError,
                         "ip -batch " + run.stem + ".batch failed (" +
                             (status ? describeStatus(*status) : std::string("timed out")) +
                             "): " + tailOfFile(run.stem + ".log"),
                         run.where);
    }
    return Ok{};
}

Result<Ok> EmulatedCluster::runIp(pid_t nsOf, const std::string& where, const std::string& batch)
{
    XYLEM_TRY(run, startIp(nsOf, where, batch));
    return finishIp(run.value());
}

void EmulatedCluster::teardown()
{
    for (const auto& host : m_hosts) {
        host->kill();
    }
    for (const auto& host : m_hosts) {
        host->halt();
    }
    if (m_switch) {
        m_switch->halt(); // last: the hosts' veths went with them
    }
    // The programs ended with their hosts; their waiters end right after.
    for (pid_t waiter : m_waiters) {
        if (!waitChild(waiter, std::chrono::seconds(10))) {
            killChild(waiter);
        }
    }
    m_waiters.clear();
}

std::string EmulatedCluster::address(std::string_view host) const
{
    const int i = indexOf(host);
    return i < 0 ? std::string()
                 : "10.91." + std::to_string(m_spec.subnet) + "." + std::to_string(i + 1);
}

std::string EmulatedCluster::subnet() const
{
    return "10.91." + std::to_string(m_spec.subnet) + ".0/24";
}

pid_t EmulatedCluster::initPid(std::string_view host) const
{
    const int i = indexOf(host);
    return i < 0 || static_cast<size_t>(i) >= m_hosts.size()
               ? -1
               : m_hosts[static_cast<size_t>(i)]->initPid();
}

pid_t EmulatedCluster::switchPid() const
{
    return m_switch ? m_switch->initPid() : -1;
}

std::vector<pid_t> EmulatedCluster::ownProcesses() const
{
    std::vector<pid_t> pids = m_waiters;
    if (m_switch) {
        pids.insert(pids.end(), {m_switch->unsharePid(), m_switch->initPid()});
    }
    for (const auto& h : m_hosts) {
        pids.insert(pids.end(), {h->unsharePid(), h->initPid()});
    }
    std::erase_if(pids, [](pid_t p) { return p <= 0; });
    return pids;
}

std::string EmulatedCluster::tmpDir(std::string_view host) const
{
    return indexOf(host) < 0 ? std::string() : m_work + "/hosts/" + std::string(host) + "/tmp";
}

int EmulatedCluster::indexOf(std::string_view host) const
{
    const auto& hosts = m_spec.hosts;
    const auto it = std::find_if(hosts.begin(), hosts.end(),
                                 [&](const EmulatedHostSpec& h) { return h.name == host; });
    return it == hosts.end() ? -1 : static_cast<int>(it - hosts.begin());
}

Result<Ok> EmulatedCluster::setLink(std::string_view host, bool up)
{
    const int i = indexOf(host);
    if (i < 0 || switchPid() <= 0) {
        return makeError(ErrorCode::NotFound, "no host " + std::string(host) + " is up");
    }
    return runIp(switchPid(), "switch",
                 "link set p" + std::to_string(i) + (up ? " up\n" : " down\n"));
}

} // namespace xylem::testing
