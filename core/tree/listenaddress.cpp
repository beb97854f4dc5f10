#include "core/tree/listenaddress.h"

#include "core/tree/hostport.h"
#include "core/tree/spawner.h"

#include <boost/asio.hpp>

namespace xylem::tree {

namespace asio = boost::asio;

namespace {

// The auto address: the route to the first child host that is another machine and resolves.
Result<ListenChoice> automatic(const std::vector<std::string>& childHosts, const RouteLookup& route)
{
    for (const std::string& host : childHosts) {
        if (isLocalHost(host)) {
            continue;
        }
        auto source = route(host);
        if (source) {
            return ListenChoice{source.value(), source.value(), "the route to " + host};
        }
        if (source.error().code != ErrorCode::NotFound) {
            return makeError(source.error().code,
                             "cannot choose the address to listen on: " + source.error().message +
                                 " (give one with --listen ADDRESS)");
        }
    }
    return ListenChoice{"127.0.0.1", "127.0.0.1", "every host is this one"};
}

} // namespace

Result<std::string> routeSourceAddress(const std::string& host)
{
    XYLEM_TRY(endpoints, resolve(HostPort{host, 9}));
    asio::io_context io;
    boost::system::error_code ec;
    for (const auto& endpoint : endpoints.value()) {
        // Connecting a UDP socket only picks the route and the source address: nothing is sent.
        asio::ip::udp::socket socket(io);
        const asio::ip::udp::endpoint target(endpoint.address(), endpoint.port());
        socket.open(target.protocol(), ec);
        if (!ec) {
            socket.connect(target, ec);
        }
        if (!ec) {
            const auto local = socket.local_endpoint(ec);
            if (!ec) {
                return local.address().to_string();
            }
        }
    }
    return makeError(ErrorCode::IoError, "no route to " + host + " (" +
                                             endpoints->front().address().to_string() +
                                             "): " + ec.message());
}

bool isLocalHost(const std::string& host)
{
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(host, ec);
    return Spawner::isLocal(host) || (!ec && address.is_loopback());
}

Result<ListenChoice> chooseListen(const std::string& option,
                                  const std::vector<std::string>& childHosts,
                                  const RouteLookup& route)
{
    if (option.empty() || option == "auto") {
        return automatic(childHosts, route);
    }
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(option, ec);
    if (ec) {
        return makeError(ErrorCode::InvalidArgument,
                         "--listen '" + option +
                             "': not an IP address (give an address of this host, auto, "
                             "0.0.0.0 or ::)");
    }
    if (!address.is_unspecified()) {
        return ListenChoice{address.to_string(), address.to_string(), "as given"};
    }
    XYLEM_TRY(advertised, automatic(childHosts, route));
    if (address.is_v4() && advertised->advertise.find(':') != std::string::npos) {
        return makeError(ErrorCode::InvalidArgument,
                         "--listen 0.0.0.0 binds IPv4 only, but the children are reached over "
                         "IPv6 (" +
                             advertised->why + "): listen on :: instead");
    }
    return ListenChoice{address.to_string(), advertised->advertise,
                        "every interface; advertised: " + advertised->why};
}

} // namespace xylem::tree
