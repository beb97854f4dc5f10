// xylem-relay: an inner node of the gather tree. Started by its parent (the front-end or another
// relay) with the parent's address and its node index, the tree's token on stdin. It joins,
// listens for its own children, starts them, reports its subtree ready, and then synchronizes
// and reduces what its children send, until the parent says Shutdown or goes away.

#include "collectors/relay/relayupstream.h"
#include "core/model/lifeline.h"
#include "core/tree/innernode.h"
#include "core/tree/listenaddress.h"
#include "core/tree/subtreelauncher.h"

#include <boost/asio.hpp>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <sys/prctl.h>
#include <unistd.h>

using namespace xylem;

namespace {

const char* const kUsage =
    "usage: xylem-relay --parent HOST:PORT --node N [--listen ADDRESS|auto] [--collector PATH]\n"
    "                   [--launcher TEMPLATE] [--collector-arg ARG]...\n"
    "  --listen  where its children connect: an address of this host, auto (the interface that\n"
    "            routes to its children's hosts; 127.0.0.1 when all are this one, the default),\n"
    "            or 0.0.0.0 / :: (every interface, advertised as auto)\n"
    "  The tree's token is read from the first line of stdin (or XYLEM_TREE_TOKEN); the parent\n"
    "  keeps stdin open: its end means the parent is gone, and the relay leaves.\n";

int fail(const std::string& message, int code = 2)
{
    std::fprintf(stderr, "xylem-relay: %s\n", message.c_str());
    return code;
}

void log(std::uint32_t node, const std::string& line)
{
    std::fprintf(stderr, "xylem-relay %u: %s\n", node, line.c_str());
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
std::unique_ptr<xylem::LifelineWatch> watchParent(std::uint32_t node)
{
    if (std::getenv("XYLEM_TREE_TOKEN") || !xylem::isLifeline(STDIN_FILENO)) {
        return nullptr;
    }
    auto watch = xylem::LifelineWatch::start(STDIN_FILENO, [node] {
        log(node, "the parent is gone (stdin closed); leaving");
        ::kill(::getpid(), SIGTERM);
    });
    return watch ? std::move(watch).value() : nullptr;
}

} // namespace

int main(int argc, char** argv)
{
    ::prctl(PR_SET_PDEATHSIG, SIGTERM); // a parent that dies takes its relays with it
    std::string parent, listen = "auto";
    tree::LaunchSettings settings;
    long node = -1;
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool value = i + 1 < argc;
        if (arg == "--parent" && value) {
            parent = argv[++i];
        } else if (arg == "--node" && value) {
            const std::string_view n = argv[++i];
            if (std::from_chars(n.data(), n.data() + n.size(), node).ec != std::errc()) {
                return fail("--node must be a number\n" + std::string(kUsage));
            }
        } else if (arg == "--listen" && value) {
            listen = argv[++i];
        } else if (arg == "--collector" && value) {
            settings.collectorExecutable = argv[++i];
        } else if (arg == "--launcher" && value) {
            settings.launcher = argv[++i];
        } else if (arg == "--collector-arg" && value) {
            settings.collectorArguments.emplace_back(argv[++i]);
        } else {
            return fail("bad argument '" + std::string(arg) + "'\n" + kUsage);
        }
    }
    auto address = tree::parseParentAddress(parent);
    if (!address || node < 0) {
        return fail(!address ? address.error().message
                             : std::string("--node is required\n") + kUsage);
    }
    const auto self = static_cast<std::uint32_t>(node);
    const std::filesystem::path here = std::filesystem::canonical("/proc/self/exe").parent_path();
    settings.relayExecutable = (here / "xylem-relay").string();
    if (settings.collectorExecutable.empty()) {
        settings.collectorExecutable =
            (here.parent_path() / "collector" / "xylem-collector").string();
    }

    boost::asio::io_context io;
    const std::string token = readToken();
    const auto watch = watchParent(self);
    tree::ParentLink link(io, address.value(), token, self);
    auto welcome = link.join(std::chrono::seconds(30));
    if (!welcome) {
        return fail("cannot join the tree: " + welcome.error().message, 1);
    }
    settings.leavesAttach = welcome->leavesAttach;
    gather::FilterRegistry filters;
    relay::RelayUpstream up(link);
    tree::InnerNode inner(io, welcome->topology, self, token, welcome->leavesAttach, up, filters,
                          [self](const std::string& line) { log(self, line); });
    auto where = tree::chooseListen(listen, tree::childHosts(welcome->topology, self, settings));
    auto port = where ? inner.listen(where->bind, 0) : Result<std::uint16_t>(where.error());
    if (!port) {
        return fail(port.error().message, 1);
    }
    if (!tree::isLocalHost(where->advertise)) { // across machines: say where, for the curious
        log(self, "listening on " + where->bind + ":" + std::to_string(port.value()) +
                      ", advertised as " + where->advertise + " (" + where->why + ")");
    }
    tree::Spawner spawner(settings.launcher);
    if (auto ok = tree::launchChildren(spawner, welcome->topology, self, settings, where->advertise,
                                       port.value(), token);
        !ok) {
        log(self, ok.error().message); // the children not started are reported missing at start-up
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
                        log(self, ok.error().message);
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
                log(self, "unexpected " + std::string(protocol::toString(frame.type)) +
                              " from the parent; ignored");
            }
        },
        [&](const std::string& reason) {
            log(self, "the parent went away (" + reason + "); leaving");
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
