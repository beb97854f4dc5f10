// xylem-collector: the node daemon. Serves the rings of this host's instrumented programs, the
// node-side monitors and system samples on a UNIX-domain socket; the leaf of the gather tree.

#include "collectors/collector/collectorserver.h"
#include "collectors/collector/leafmode.h"
#include "collectors/probe/probe.h"
#include "core/model/lifeline.h"
#include "core/model/secretfile.h"
#include "core/tree/addressfile.h"
#include "core/tree/attachlocate.h"
#include "core/tree/launcherplace.h"

#include <boost/asio.hpp>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

constexpr const char* kUsage =
    "usage: xylem-collector [--socket PATH] [--ring-prefix PREFIX] [--host ID] [--sample-period-ms "
    "N]\n"
    "                       [--tick-ms N] [--proc DIR]\n"
    "  --socket       where programs announce rings and clients ask (default "
    "/tmp/xylem-collector-UID.sock,\n"
    "                 or $XYLEM_COLLECTOR_SOCKET)\n"
    "  --ring-prefix  shared-memory names of the rings to serve (default xylem-ring-UID-, or "
    "$XYLEM_RING_PREFIX)\n"
    "  --host         this node's id in configurations (default: the host name)\n"
    "As a leaf of a gather tree:\n"
    "  --parent IP:PORT --node N   started by the tree (the token on stdin, which the parent\n"
    "                 keeps open: its end means the parent is gone, and the leaf leaves)\n"
    "  --attach FILE|HOST:PORT [--token-file F] [--node N] [--rank R]\n"
    "                 join a running tree (started by mpirun, srun, systemd) through its address\n"
    "                 file, or through the front-end's address with the tree's token from F\n"
    "                 (readable by its owner only) or $XYLEM_TREE_TOKEN; the leaf is found by\n"
    "                 --node, or by host (--host or the host name) and rank; started by srun,\n"
    "                 mpirun or a PMIx launcher (one per node) with neither --host nor --rank,\n"
    "                 a host name the tree does not know takes the leaf of the job's node index\n"
    "                 (SLURM_NODEID, OMPI_COMM_WORLD_RANK, PMIX_RANK; an address file only)\n";

bool number(std::string_view text, long long& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out >= 0;
}

int fail(const std::string& message)
{
    std::fprintf(stderr, "xylem-collector: %s\n", message.c_str());
    return 2;
}

struct LeafPlace
{
    std::string parent, attach, tokenFile, host;
    std::optional<std::uint32_t> node;
    std::optional<std::uint32_t> rank;
};

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
    std::fprintf(stderr, "xylem-collector: %s; node %u of the %s job (%s) takes leaf %u (%s)\n",
                 byHost.message.c_str(), index, launched.launcher.c_str(), launched.source.c_str(),
                 leaves[index], leaf.name().c_str());
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
        std::fprintf(stderr,
                     "xylem-collector: the tree has no leaf for host %s; node %u of the %s job "
                     "(%s) takes leaf %u (%s)\n",
                     host.c_str(), launched.value()->index(), launched.value()->launcher.c_str(),
                     launched.value()->source.c_str(), located->node, located->leafHost.c_str());
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
        std::fprintf(stderr, "xylem-collector: the parent is gone (stdin closed); leaving\n");
        ::kill(::getpid(), SIGTERM);
    });
    return watch ? std::move(watch).value() : nullptr;
}

} // namespace

int main(int argc, char** argv)
{
    using namespace xylem;
    const probe::ProbeOptions defaults = probe::ProbeOptions::fromEnvironment();
    collector::CollectorOptions options;
    options.ringPrefix = defaults.ringPrefix;
    std::string socket = defaults.collectorSocket.empty() ? probe::defaultCollectorSocket()
                                                          : defaults.collectorSocket;
    long long tickMs = 100;
    LeafPlace place;
    bool socketGiven = false;
    bool ringPrefixGiven = false;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool hasValue = i + 1 < argc;
        long long value = 0;
        if (arg == "--socket" && hasValue) {
            socket = argv[++i];
            socketGiven = true;
        } else if (arg == "--parent" && hasValue) {
            place.parent = argv[++i];
        } else if (arg == "--attach" && hasValue) {
            place.attach = argv[++i];
        } else if (arg == "--token-file" && hasValue) {
            place.tokenFile = argv[++i];
        } else if (arg == "--node" && hasValue && number(argv[i + 1], value) &&
                   value < (1LL << 31)) {
            place.node = static_cast<std::uint32_t>(value);
            ++i;
        } else if (arg == "--rank" && hasValue && number(argv[i + 1], value) &&
                   value < (1LL << 31)) {
            place.rank = static_cast<std::uint32_t>(value);
            ++i;
        } else if (arg == "--ring-prefix" && hasValue) {
            options.ringPrefix = argv[++i];
            ringPrefixGiven = true;
        } else if (arg == "--host" && hasValue) {
            options.host = argv[++i];
        } else if (arg == "--proc" && hasValue) {
            options.procRoot = argv[++i];
        } else if (arg == "--sample-period-ms" && hasValue && number(argv[i + 1], value)) {
            options.samplePeriodNs = value * 1'000'000;
            ++i;
        } else if (arg == "--tick-ms" && hasValue && number(argv[i + 1], value) && value > 0) {
            tickMs = value;
            ++i;
        } else {
            std::fprintf(stderr, "xylem-collector: bad argument '%s'\n%s", argv[i], kUsage);
            return 2;
        }
    }
    if (!place.parent.empty() || !place.attach.empty()) {
        if (socketGiven) {
            return fail("a leaf serves the tree, not a socket: drop --socket");
        }
        place.host = options.host;
        auto leaf = leafOptions(place);
        if (!leaf) {
            return fail(leaf.error().describe());
        }
        const auto watch = watchParent(place.attach.empty() && !std::getenv("XYLEM_TREE_TOKEN"));
        const std::string leafHost = leaf->collector.host; // the tree's name, when attached
        leaf->collector = options;
        if (options.host.empty()) {
            leaf->collector.host = leafHost;
        }
        leaf->ownsRings = place.attach.empty() && ringPrefixGiven;
        return collector::runLeaf(leaf.value());
    }
    boost::asio::io_context io;
    collector::CollectorService service(options);
    collector::CollectorServer server(
        io, service, socket, std::chrono::milliseconds(tickMs), [](const std::string& line) {
            std::fprintf(stderr, "xylem-collector: %s\n", line.c_str());
        });
    if (auto ok = server.start(); !ok) {
        std::fprintf(stderr, "xylem-collector: %s\n", ok.error().describe().c_str());
        return 1;
    }
    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) {
        server.stop();
        io.stop();
    });
    std::fprintf(stderr, "xylem-collector: listening on %s, serving rings /dev/shm/%s*\n",
                 socket.c_str(), options.ringPrefix.c_str());
    io.run();
    return 0;
}
