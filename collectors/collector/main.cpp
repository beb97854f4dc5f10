// xylem-collector: the node daemon. Serves the rings of this host's instrumented programs, the
// node-side monitors and system samples on a UNIX-domain socket; the leaf of the gather tree.

#include "collectors/collector/collectorserver.h"
#include "collectors/probe/probe.h"

#include <boost/asio.hpp>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

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
    "  --host         this node's id in configurations (default: the host name)\n";

bool number(std::string_view text, long long& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && out >= 0;
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
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool hasValue = i + 1 < argc;
        long long value = 0;
        if (arg == "--socket" && hasValue) {
            socket = argv[++i];
        } else if (arg == "--ring-prefix" && hasValue) {
            options.ringPrefix = argv[++i];
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
