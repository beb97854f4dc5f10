#include "collectors/collector/collectoroptions.h"

#include "collectors/nodelog/nodeoptions.h"
#include "collectors/probe/probe.h"

#include <CLI/CLI.hpp>

namespace xylem::collector {

namespace {

constexpr std::uint32_t kMaxIndex = (1U << 31) - 1;

const char* const kDescription =
    "xylem-collector: the node daemon. Serves the rings of this host's instrumented programs, "
    "the node's monitors and system samples on a UNIX-domain socket; or, with --parent or "
    "--attach, serves them to a gather tree as its leaf.";

const char* const kFooter =
    "As a leaf started by the tree (--parent, --node), the tree's token comes on stdin, which "
    "the parent keeps open: its end means the parent is gone, and the leaf leaves. Attached "
    "(--attach), the leaf is found by --node, or by host (--host or the host name) and rank; "
    "started by srun, mpirun or a PMIx launcher (one per node) with neither --host nor --rank, "
    "a host name the tree does not know takes the leaf of the job's node index (SLURM_NODEID, "
    "OMPI_COMM_WORLD_RANK, PMIX_RANK; an address file only).";

} // namespace

std::variant<CollectorCommandLine, int> parseCollectorCommandLine(int argc, char** argv,
                                                                  const char* version)
{
    const probe::ProbeOptions defaults = probe::ProbeOptions::fromEnvironment();
    CollectorCommandLine c;
    c.options.ringPrefix = defaults.ringPrefix;
    c.socket = defaults.collectorSocket.empty() ? probe::defaultCollectorSocket()
                                                : defaults.collectorSocket;
    long long samplePeriodMs = c.options.samplePeriodNs / 1'000'000;
    std::uint32_t node = 0;
    std::uint32_t rank = 0;

    CLI::App app(kDescription, "xylem-collector");
    app.footer(kFooter);
    // Defaults by their rule rather than this user's values: the help is also the man page.
    app.add_option("--socket", c.socket, "Where programs announce rings and clients ask")
        ->default_str("/tmp/xylem-collector-UID.sock, or $XYLEM_COLLECTOR_SOCKET");
    app.add_option("--ring-prefix", c.options.ringPrefix,
                   "Shared-memory names of the rings to serve")
        ->default_str("xylem-ring-UID-, or $XYLEM_RING_PREFIX");
    app.add_option("--host", c.options.host,
                   "This node's id in configurations (default: the host name)");
    app.add_option("--sample-period-ms", samplePeriodMs,
                   "Milliseconds between system samples, 0 for none")
        ->capture_default_str()
        ->check(CLI::Range(0LL, 86'400'000LL));
    app.add_option("--tick-ms", c.tickMs, "Milliseconds between scans of the rings")
        ->capture_default_str()
        ->check(CLI::Range(1LL, 60'000LL));
    app.add_option("--proc", c.options.procRoot, "Where the proc file system is, for samples")
        ->capture_default_str();
    auto* leaf = "Leaf of a gather tree";
    app.add_option("--parent", c.place.parent,
                   "IP:PORT of the parent that started this leaf (default: none, no tree)")
        ->group(leaf);
    auto* nodeOption =
        app.add_option("--node", node, "This leaf's node index in the tree (needed by --parent)")
            ->check(CLI::Range(0U, kMaxIndex))
            ->group(leaf);
    app.add_option("--attach", c.place.attach,
                   "Join a running tree through its address FILE or the front-end's HOST:PORT")
        ->group(leaf);
    app.add_option("--token-file", c.place.tokenFile,
                   "With --attach HOST:PORT: the tree's token, on the first line of a file only "
                   "its owner reads (default: $XYLEM_TREE_TOKEN)")
        ->group(leaf);
    auto* rankOption =
        app.add_option("--rank", rank, "With --attach: which of this host's leaves (default 0)")
            ->check(CLI::Range(0U, kMaxIndex))
            ->group(leaf);
    nodelog::addLogOptions(app, c.log);
    nodeoptions::prepare(app, "xylem-collector", version);
    if (const auto exit = nodeoptions::parse(app, argc, argv, "xylem-collector")) {
        return *exit;
    }
    c.socketGiven = app.count("--socket") > 0;
    c.ringPrefixGiven = app.count("--ring-prefix") > 0;
    c.options.samplePeriodNs = samplePeriodMs * 1'000'000;
    if (nodeOption->count() > 0) {
        c.place.node = node;
    }
    if (rankOption->count() > 0) {
        c.place.rank = rank;
    }
    return c;
}

} // namespace xylem::collector
