// xylem-collector: the node daemon. Serves the rings of this host's instrumented programs, the
// node-side monitors and system samples on a UNIX-domain socket; the leaf of the gather tree.

#include "collectors/collector/collectoroptions.h"
#include "collectors/collector/collectorserver.h"
#include "collectors/collector/leafmode.h"
#include "collectors/collector/notelevel.h"
#include "collectors/nodelog/nodelog.h"
#include "collectors/nodelog/nodeoptions.h"
#include "collectors/probe/probe.h"
#include "core/model/freedmemory.h"
#include "core/model/lifeline.h"
#include "core/model/secretfile.h"
#include "core/tree/addressfile.h"
#include "core/tree/attachlocate.h"
#include "core/tree/launcherplace.h"

#include <boost/asio.hpp>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <unistd.h>

#include "xylem/version.h"

namespace {

using namespace xylem;
using collector::LeafPlace;

const nodelog::Log kLog("xylem-collector");

// A usage error found after parsing (options that do not go together): as the parser's own.
int usageError(const std::string& message)
{
    std::fprintf(stderr, "xylem-collector: %s\nRun 'xylem-collector --help' for the options.\n",
                 message.c_str());
    return nodeoptions::kUsageError;
}

std::string thisHost(const std::string& hostId)
{
    if (!hostId.empty()) {
        return hostId;
    }
    char host[256] = {};
    ::gethostname(host, sizeof host - 1);
    return host;
}

// The token for attaching by address: the first line of a file only its owner may read, or the
// environment (srun and mpirun pass it on).
xylem::Result<std::string> attachToken(const std::string& tokenFile)
{
    using namespace xylem;
    if (!tokenFile.empty()) {
        XYLEM_TRY(text, readSecretFile(tokenFile, 4096));
        std::string token = text->substr(0, text->find_first_of("\r\n"));
        if (token.empty()) {
            return makeError(ErrorCode::MalformedInput, "no token on its first line", tokenFile);
        }
        return token;
    }
    if (const char* env = std::getenv("XYLEM_TREE_TOKEN"); env && *env) {
        return std::string(env);
    }
    return makeError(ErrorCode::InvalidArgument,
                     "attaching by HOST:PORT needs the tree's token: --token-file F or "
                     "$XYLEM_TREE_TOKEN (the token line of the front-end's address file)");
}

// A task of srun or mpirun on a node whose name the tree does not know (the job's node names
// differ from the host file's, or the collector runs in a container): the job's n-th node
// takes the tree's n-th leaf, as the launcher started one collector per node.
xylem::Result<std::uint32_t> leafOfLaunchedTask(const xylem::tree::AddressBook& book,
                                                const xylem::tree::LauncherPlace& launched,
                                                const xylem::Error& byHost)
{
    using namespace xylem;
    const auto leaves = book.topology.leaves();
    const std::uint32_t index = launched.index();
    if (index >= leaves.size()) {
        return makeError(ErrorCode::NotFound,
                         byHost.message + ", and " + launched.source + " (" + launched.launcher +
                             ") is " + std::to_string(index) + " while the tree has " +
                             std::to_string(leaves.size()) +
                             " leaves: start one collector per node of the job");
    }
    const auto& leaf = book.topology.nodes[leaves[index]];
    kLog.info(byHost.message + "; node " + std::to_string(index) + " of the " + launched.launcher +
              " job (" + launched.source + ") takes leaf " + std::to_string(leaves[index]) + " (" +
              leaf.name() + ")");
    return leaves[index];
}

// Through an address file (when `attach` names one), or by asking the front-end at HOST:PORT.
xylem::Result<xylem::collector::LeafModeOptions> attachedLeaf(const LeafPlace& place)
{
    using namespace xylem;
    collector::LeafModeOptions leaf;
    leaf.attached = true;
    const std::string host = thisHost(place.host);
    std::error_code ec;
    // The launcher's variables matter only when the collector was not told its place.
    XYLEM_TRY(launched, place.node || place.rank
                            ? Result<std::optional<tree::LauncherPlace>>(std::nullopt)
                            : tree::launcherPlaceFromEnvironment());
    // Two collectors a launcher put on one node are that host's ranks 0 and 1.
    const std::uint32_t rank =
        place.rank.value_or(*launched ? launched.value()->localRank : std::uint32_t(0));
    if (std::filesystem::exists(place.attach, ec) || place.attach.find(':') == std::string::npos) {
        XYLEM_TRY(book, tree::readAddressFile(place.attach));
        auto index = tree::findLeaf(book.value(), place.node, host, rank);
        if (!index && index.error().code == ErrorCode::NotFound && !place.node &&
            place.host.empty() && !place.rank && *launched) {
            index = leafOfLaunchedTask(book.value(), **launched, index.error());
        }
        if (!index) {
            return index.error();
        }
        XYLEM_TRY(address, tree::parentAddressOf(book.value(), index.value()));
        leaf.parent = tree::ParentAddress{address->ip, address->port};
        leaf.token = book->token;
        leaf.node = index.value();
        leaf.collector.host = book->topology.nodes[index.value()].host;
        return leaf;
    }
    auto frontEnd = tree::parseHostPort(place.attach);
    if (!frontEnd) {
        return makeError(ErrorCode::InvalidArgument,
                         "--attach: no such address file, nor HOST:PORT: " +
                             frontEnd.error().message);
    }
    XYLEM_TRY(token, attachToken(place.tokenFile));
    tree::TreeLocateMessage request{place.node.value_or(tree::kLocateNode), host, rank};
    // As with an address file: the job's node index places the collector when its host name
    // is no leaf (the front-end tries the name first).
    const bool byJob = !place.node && place.host.empty() && !place.rank && *launched;
    if (byJob) {
        request.jobIndex = launched.value()->index();
    }
    auto located =
        tree::locateParent(frontEnd.value(), token.value(), request, std::chrono::seconds(30));
    if (!located) {
        return located.error();
    }
    if (byJob && located->leafHost != host) {
        kLog.info("the tree has no leaf for host " + host + "; node " +
                  std::to_string(launched.value()->index()) + " of the " +
                  launched.value()->launcher + " job (" + launched.value()->source +
                  ") takes leaf " + std::to_string(located->node) + " (" + located->leafHost + ")");
    }
    leaf.parent = located->parent;
    leaf.token = token.value();
    leaf.node = located->node;
    leaf.collector.host = located->leafHost;
    return leaf;
}

// The leaf's place in the tree: from --parent/--node (token on stdin) or attached.
xylem::Result<xylem::collector::LeafModeOptions> leafOptions(const LeafPlace& place)
{
    using namespace xylem;
    if (!place.attach.empty()) {
        return attachedLeaf(place);
    }
    collector::LeafModeOptions leaf;
    auto address = tree::parseParentAddress(place.parent);
    if (!address) {
        return address.error();
    }
    if (!place.node) {
        return makeError(ErrorCode::InvalidArgument, "--parent needs --node");
    }
    leaf.parent = address.value();
    leaf.node = *place.node;
    if (const char* env = std::getenv("XYLEM_TREE_TOKEN")) {
        leaf.token = env;
    } else {
        std::getline(std::cin, leaf.token);
    }
    return leaf;
}

// A leaf that got its token on stdin from its parent watches stdin's end: the parent gone
// (even killed), it stops as on SIGTERM, which also ends a join still in progress.
std::unique_ptr<xylem::LifelineWatch> watchParent(bool tokenOnStdin)
{
    if (!tokenOnStdin || !xylem::isLifeline(STDIN_FILENO)) {
        return nullptr;
    }
    auto watch = xylem::LifelineWatch::start(STDIN_FILENO, [] {
        kLog.info("the parent is gone (stdin closed); leaving");
        ::kill(::getpid(), SIGTERM);
    });
    return watch ? std::move(watch).value() : nullptr;
}

} // namespace

int main(int argc, char** argv)
{
    xylem::returnFreedMemoryToSystem(); // a node daemon beside the program it watches
    auto parsed = collector::parseCollectorCommandLine(argc, argv, xylem::kVersion);
    if (const int* exit = std::get_if<int>(&parsed)) {
        return *exit;
    }
    auto& c = std::get<collector::CollectorCommandLine>(parsed);
    nodelog::configure(c.log.settings());
    collector::CollectorOptions& options = c.options;
    kLog.debug("options: socket " + c.socket + ", ring prefix " + options.ringPrefix + ", tick " +
               std::to_string(c.tickMs) + " ms, samples every " +
               std::to_string(options.samplePeriodNs / 1'000'000) + " ms from " + options.procRoot);
    if (c.leaf()) {
        if (c.socketGiven) {
            return usageError("a leaf serves the tree, not a socket: drop --socket");
        }
        LeafPlace& place = c.place;
        place.host = options.host;
        auto leaf = leafOptions(place);
        if (!leaf) {
            kLog.error(leaf.error().describe());
            return 2;
        }
        const auto watch = watchParent(place.attach.empty() && !std::getenv("XYLEM_TREE_TOKEN"));
        const std::string leafHost = leaf->collector.host; // the tree's name, when attached
        leaf->collector = options;
        if (options.host.empty()) {
            leaf->collector.host = leafHost;
        }
        leaf->ownsRings = place.attach.empty() && c.ringPrefixGiven;
        return collector::runLeaf(leaf.value());
    }
    boost::asio::io_context io;
    collector::CollectorService service(options);
    collector::CollectorServer server(
        io, service, c.socket, std::chrono::milliseconds(c.tickMs),
        [](const std::string& line) { kLog.write(collector::levelOfNote(line), line); });
    if (auto ok = server.start(); !ok) {
        kLog.error(ok.error().describe());
        return 1;
    }
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int signal) {
        kLog.debug(std::string("stopping on ") + (signal == SIGINT ? "SIGINT" : "SIGTERM"));
        server.stop();
        io.stop();
    });
    kLog.info("listening on " + c.socket + ", serving rings /dev/shm/" + options.ringPrefix + "*");
    io.run();
    return 0;
}
