#include "core/record/mpigather.h"

#include "core/gather/batch.h"
#include "core/model/launchertemplate.h"
#include "core/record/gathertree.h"
#include "core/record/siblingprogram.h"
#include "core/tree/launchcheck.h"

namespace xylem::record {

namespace {

constexpr std::uint32_t kStream = 1;
constexpr std::chrono::seconds kStartTimeout{30}; // for the hosts and the tree's nodes

// Each other machine once, before anything starts there: can the launcher reach it, and are
// the relay and the collector installed there as here?
Result<Ok> checkRemoteHosts(const std::vector<std::string>& hosts, const std::string& launcher,
                            const std::string& relay, const std::string& collector)
{
    std::vector<tree::LaunchCheck> checks;
    for (const std::string& host : hosts) {
        if (!isThisMachine(host)) {
            checks.push_back(tree::LaunchCheck{host, {relay, collector}});
        }
    }
    if (checks.empty()) {
        return Ok{};
    }
    return tree::checkLaunches(launcher, checks, kStartTimeout);
}

} // namespace

Result<MpiGather> MpiGather::start(const std::string& ringPrefix, const std::string& listen,
                                   const std::vector<std::string>& hosts,
                                   const std::string& launcher)
{
    gather::TopologySpec spec;
    spec.shape = gather::TopologyShape::Kary;
    spec.fanout = 8;
    spec.hosts = hosts.empty() ? std::vector<std::string>{"localhost"} : hosts;
    XYLEM_TRY(topology, gather::generateTopology(spec));
    XYLEM_TRY(relay, findSiblingProgram("xylem-relay"));
    XYLEM_TRY(collector, findSiblingProgram("xylem-collector"));
    XYLEM_TRY(reached, checkRemoteHosts(spec.hosts, launcher, relay.value(), collector.value()));
    tree::FrontEndOptions options;
    options.topology = std::move(topology).value();
    options.listen = listen;
    options.launch.relayExecutable = relay.value();
    options.launch.collectorExecutable = collector.value();
    // --quiet: the collector's warnings only; rings found and retired are no news to the user,
    // whose terminal shows the program's own output.
    options.launch.collectorArguments = {"--ring-prefix", ringPrefix, "--host", "{host}",
                                         "--quiet"};
    options.launch.launcher = launcher;
    options.startTimeout = kStartTimeout;
    XYLEM_TRY(tree, tree::FrontEnd::start(std::move(options)));
    if (const auto& missing = tree.value()->startup().missing; !missing.empty()) {
        return makeError(ErrorCode::IoError, "the gather tree started without " +
                                                 nodeNames(tree.value()->topology(), missing));
    }
    tree::StreamSpec stream;
    stream.id = kStream;
    stream.filter = gather::FilterSpec{"raw", {}};
    stream.source = tree::SourceSpec{"ring-tuples", {1 << 20}};
    XYLEM_TRY(opened, tree.value()->openStream(stream));
    return MpiGather(std::move(tree).value());
}

Result<Ok> MpiGather::poll(std::chrono::milliseconds timeout)
{
    XYLEM_TRY(pulled, m_tree->pull(kStream, 1, timeout));
    XYLEM_TRY(wave, m_tree->next(kStream, timeout));
    const auto* content = std::get_if<gather::Tuples>(&wave->batch.content);
    if (!content) {
        return makeError(ErrorCode::MalformedInput, "the tuple stream brought no tuples");
    }
    m_tuples.insert(m_tuples.end(), content->tuples.begin(), content->tuples.end());
    return Ok{};
}

Result<Ok> MpiGather::drain(std::chrono::milliseconds timeout)
{
    for (int quiet = 0; quiet < 2;) {
        const size_t before = m_tuples.size();
        XYLEM_TRY(polled, poll(timeout));
        quiet = m_tuples.size() == before ? quiet + 1 : 0;
    }
    return Ok{};
}

} // namespace xylem::record
