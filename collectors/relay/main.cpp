// xylem-relay: an inner node of the gather tree. Started by its parent (the front-end or another
// relay) with the parent's address and its node index, the tree's token on stdin. It joins,
// listens for its own children, starts them, reports its subtree ready, and then synchronizes
// and reduces what its children send, until the parent says Shutdown or goes away.

#include "collectors/nodelog/logoptions.h"
#include "collectors/nodelog/nodelog.h"
#include "collectors/nodelog/nodeoptions.h"
#include "collectors/relay/relayupstream.h"
#include "core/model/freedmemory.h"
#include "core/model/lifeline.h"
#include "core/tree/innernode.h"
#include "core/tree/listenaddress.h"
#include "core/tree/subtreelauncher.h"

#include <CLI/CLI.hpp>
#include <boost/asio.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <sys/prctl.h>
#include <unistd.h>
#include <variant>
#include <vector>

#include "xylem/version.h"

using namespace xylem;

namespace {

const char* const kDescription =
    "xylem-relay: an inner node of the gather tree, started by its parent (the front-end or "
    "another relay). It joins, listens for its own children, starts them, reports its subtree "
    "ready, then synchronizes and reduces what its children send until the parent says "
    "Shutdown or goes away.";

const char* const kFooter =
    "The tree's token is read from the first line of stdin (or $XYLEM_TREE_TOKEN); the parent "
    "keeps stdin open: its end means the parent is gone, and the relay leaves.";

struct RelayCommandLine
{
    std::string parent;
    std::string listen = "auto";
    std::uint32_t node = 0;
    tree::LaunchSettings settings;
    nodelog::LogOptions log;
};

// A value of --collector-arg is itself an option of the collector ("--ring-prefix"), which
// CLI11 would take for one of ours: joined into one argument, "--collector-arg=--ring-prefix".
std::vector<std::string> joinCollectorArguments(int argc, char** argv)
{
    std::vector<std::string> arguments;
    for (int i = 1; i < argc; ++i) {
        if (std::string_view(argv[i]) == "--collector-arg" && i + 1 < argc) {
            arguments.push_back(std::string("--collector-arg=") + argv[++i]);
        } else {
            arguments.emplace_back(argv[i]);
        }
    }
    return arguments;
}

std::variant<RelayCommandLine, int> parseCommandLine(int argc, char** argv)
{
    RelayCommandLine c;
    CLI::App app(kDescription, "xylem-relay");
    app.footer(kFooter);
    app.add_option("--parent", c.parent, "HOST:PORT of the parent that started this relay")
        ->required();
    app.add_option("--node", c.node, "This relay's node index in the tree")
        ->required()
        ->check(CLI::Range(0U, (1U << 31) - 1));
    app.add_option("--listen", c.listen,
                   "Where its children connect: an address of this host; auto, the interface "
                   "that routes to its children's hosts (127.0.0.1 when all are this one); or "
                   "0.0.0.0 / :: (every interface, advertised as auto)")
        ->capture_default_str();
    app.add_option("--collector", c.settings.collectorExecutable,
                   "The xylem-collector its leaves run (default: the one installed beside it, else "
                   "the build's)");
    app.add_option("--launcher", c.settings.launcher,
                   "How children start on their hosts, as 'ssh {host} {command}' (default: "
                   "directly)");
    app.add_option("--collector-arg", c.settings.collectorArguments,
                   "An argument for every leaf's collector, repeated for more (default: none)")
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->allow_extra_args(false);
    nodelog::addLogOptions(app, c.log);
    nodeoptions::prepare(app, "xylem-relay", xylem::kVersion);
    if (const auto exit =
            nodeoptions::parse(app, joinCollectorArguments(argc, argv), "xylem-relay")) {
        return *exit;
    }
    return c;
}

std::string readToken()
{
    if (const char* env = std::getenv("XYLEM_TREE_TOKEN")) {
        return env;
    }
    std::string token;
    std::getline(std::cin, token);
    return token;
}

// With the token on stdin, stdin's end is the parent's (lifeline.h): even a parent killed, or
// one on another host behind ssh, takes its relays with it. PR_SET_PDEATHSIG (set in main) does
// the same for a local parent, once the thread that started this relay ends.
std::unique_ptr<xylem::LifelineWatch> watchParent(const nodelog::Log& log)
{
    if (std::getenv("XYLEM_TREE_TOKEN") || !xylem::isLifeline(STDIN_FILENO)) {
        return nullptr;
    }
    auto watch = xylem::LifelineWatch::start(STDIN_FILENO, [log] {
        log.info("the parent is gone (stdin closed); leaving");
        ::kill(::getpid(), SIGTERM);
    });
    return watch ? std::move(watch).value() : nullptr;
}

} // namespace

int main(int argc, char** argv)
{
    xylem::returnFreedMemoryToSystem();
    ::prctl(PR_SET_PDEATHSIG, SIGTERM); // a parent that dies takes its relays with it
    auto parsed = parseCommandLine(argc, argv);
    if (const int* exit = std::get_if<int>(&parsed)) {
        return *exit;
    }
    auto& [parent, listen, self, settings, logOptions] = std::get<RelayCommandLine>(parsed);
    nodelog::configure(logOptions.settings());
    const nodelog::Log log("xylem-relay " + std::to_string(self));
    auto address = tree::parseParentAddress(parent);
    if (!address) {
        std::fprintf(stderr,
                     "xylem-relay: --parent: %s\nRun 'xylem-relay --help' for the "
                     "options.\n",
                     address.error().message.c_str());
        return nodeoptions::kUsageError;
    }
    const std::filesystem::path here = std::filesystem::canonical("/proc/self/exe").parent_path();
    settings.relayExecutable = (here / "xylem-relay").string();
    if (settings.collectorExecutable.empty()) {
        // Installed, the collector is beside the relay (bin/); in the build, in ../collector.
        const auto beside = here / "xylem-collector";
        settings.collectorExecutable =
            std::filesystem::exists(beside)
                ? beside.string()
                : (here.parent_path() / "collector" / "xylem-collector").string();
    }

    boost::asio::io_context io;
    const std::string token = readToken();
    const auto watch = watchParent(log);
    tree::ParentLink link(io, address.value(), token, self);
    auto welcome = link.join(std::chrono::seconds(30));
    if (!welcome) {
        nodelog::Log("xylem-relay").error("cannot join the tree: " + welcome.error().message);
        return 1;
    }
    settings.leavesAttach = welcome->leavesAttach;
    gather::FilterRegistry filters;
    relay::RelayUpstream up(link);
    tree::InnerNode inner(io, welcome->topology, self, token, welcome->leavesAttach, up, filters,
                          // The tree notes only what went wrong: a child lost, slow (or back),
                          // a stranger refused, a request ignored.
                          [log](const std::string& line) { log.warning(line); });
    auto where = tree::chooseListen(listen, tree::childHosts(welcome->topology, self, settings));
    auto port = where ? inner.listen(where->bind, 0) : Result<std::uint16_t>(where.error());
    if (!port) {
        nodelog::Log("xylem-relay").error(port.error().message);
        return 1;
    }
    // Across machines: say where, for the curious; on one machine, for the verbose.
    log.write(tree::isLocalHost(where->advertise) ? nodelog::Level::Debug : nodelog::Level::Info,
              "listening on " + where->bind + ":" + std::to_string(port.value()) +
                  ", advertised as " + where->advertise + " (" + where->why + ")");
    tree::Spawner spawner(settings.launcher);
    if (auto ok = tree::launchChildren(spawner, welcome->topology, self, settings, where->advertise,
                                       port.value(), token);
        !ok) {
        log.warning(
            ok.error().message); // the children not started are reported missing at start-up
    }
    inner.awaitChildren(std::chrono::seconds(30),
                        {tree::NodeAddress{self, where->advertise, port.value()}});
    bool running = true;
    link.serve(
        [&](protocol::Frame& frame) {
            using protocol::MessageType;
            switch (frame.type) {
            case MessageType::OpenStream:
                if (auto spec = tree::decodeStreamSpec(frame.payload)) {
                    if (auto ok = inner.openStream(spec.value()); !ok) {
                        log.warning(ok.error().message);
                    }
                }
                break;
            case MessageType::CloseStream:
                if (auto m = tree::decodeCloseStream(frame.payload)) {
                    inner.closeStream(m->stream);
                }
                break;
            case MessageType::Pull:
                if (auto m = tree::decodePull(frame.payload)) {
                    inner.pull(m.value());
                }
                break;
            case MessageType::Control:
                if (auto m = tree::decodeControl(frame.payload)) {
                    inner.control(m.value());
                }
                break;
            case MessageType::MeasureClocks:
                inner.measureClocks();
                break;
            case MessageType::Shutdown:
                inner.shutdown();
                running = false;
                io.stop();
                break;
            default:
                log.warning("unexpected " + std::string(protocol::toString(frame.type)) +
                            " from the parent; ignored");
            }
        },
        [&](const std::string& reason) {
            log.info("the parent went away (" + reason + "); leaving");
            running = false;
            io.stop();
        });
    boost::asio::signal_set signals(io, SIGTERM, SIGINT);
    signals.async_wait([&](const boost::system::error_code& ec, int) {
        if (!ec) {
            running = false;
            io.stop();
        }
    });
    io.restart();
    while (running) {
        io.run();
    }
    // Let the Shutdown reach the children before the connections close.
    io.restart();
    io.run_for(std::chrono::milliseconds(20));
    return 0;
}
