#include "core/tree/hostport.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <netdb.h>
#include <thread>

namespace xylem::tree {

namespace asio = boost::asio;

namespace {

Error bad(std::string_view text, const std::string& why)
{
    return makeError(ErrorCode::InvalidArgument, "'" + std::string(text) + "': " + why);
}

// Letters, digits, '.', '-', '_' (names), ':' and '%' (an IPv6 address and its scope).
bool hostCharacters(std::string_view host)
{
    return std::all_of(host.begin(), host.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_' ||
               c == ':' || c == '%';
    });
}

Result<std::uint16_t> parsePort(std::string_view text, std::string_view port)
{
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc() || end != port.data() + port.size() || value == 0 ||
        value > 65535) {
        return bad(text, "the port '" + std::string(port) + "' is not a number from 1 to 65535");
    }
    return static_cast<std::uint16_t>(value);
}

} // namespace

std::string toString(const HostPort& where)
{
    const bool v6 = where.host.find(':') != std::string::npos;
    return (v6 ? "[" + where.host + "]" : where.host) + ":" + std::to_string(where.port);
}

Result<HostPort> parseHostPort(std::string_view text)
{
    std::string_view host;
    std::string_view port;
    if (text.starts_with('[')) {
        const size_t close = text.find(']');
        if (close == std::string_view::npos || close + 1 >= text.size() || text[close + 1] != ':') {
            return bad(text, "expected [IPV6]:PORT");
        }
        host = text.substr(1, close - 1);
        port = text.substr(close + 2);
        boost::system::error_code ec;
        if (asio::ip::make_address_v6(std::string(host), ec); ec) {
            return bad(text, "'" + std::string(host) + "' is not an IPv6 address");
        }
    } else {
        const size_t colon = text.rfind(':');
        if (colon == std::string_view::npos) {
            return bad(text, "expected HOST:PORT");
        }
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
        if (host.find(':') != std::string_view::npos) {
            return bad(text, "write an IPv6 address in brackets: [ADDRESS]:PORT");
        }
    }
    if (host.empty()) {
        return bad(text, "no host before the port");
    }
    if (!hostCharacters(host)) {
        return bad(text, "'" + std::string(host) + "' is not a host name or an IP address");
    }
    XYLEM_TRY(number, parsePort(text, port));
    return HostPort{std::string(host), number.value()};
}

Result<std::vector<asio::ip::tcp::endpoint>> resolve(const HostPort& where)
{
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(where.port);
    const int rc = ::getaddrinfo(where.host.c_str(), port.c_str(), &hints, &found);
    if (rc != 0) {
        const std::string cause = rc == EAI_SYSTEM ? std::strerror(errno) : ::gai_strerror(rc);
        return makeError(ErrorCode::NotFound, "cannot resolve '" + where.host + "' (of " +
                                                  toString(where) + "): " + cause);
    }
    const std::unique_ptr<addrinfo, decltype(&::freeaddrinfo)> owner(found, ::freeaddrinfo);
    std::vector<asio::ip::tcp::endpoint> endpoints;
    for (const addrinfo* a = found; a; a = a->ai_next) {
        asio::ip::tcp::endpoint endpoint;
        if (a->ai_addrlen <= endpoint.capacity()) {
            std::memcpy(endpoint.data(), a->ai_addr, a->ai_addrlen);
            endpoint.resize(a->ai_addrlen);
            if (std::find(endpoints.begin(), endpoints.end(), endpoint) == endpoints.end()) {
                endpoints.push_back(endpoint);
            }
        }
    }
    if (endpoints.empty()) {
        return makeError(ErrorCode::NotFound, "'" + where.host + "' has no address");
    }
    return endpoints;
}

Result<asio::ip::tcp::socket> connectRetrying(asio::io_context& io, const HostPort& where,
                                              std::chrono::steady_clock::time_point deadline)
{
    XYLEM_TRY(endpoints, resolve(where));
    boost::system::error_code ec;
    for (auto pause = std::chrono::milliseconds(2);;
         pause = std::min(pause * 2, std::chrono::milliseconds(200))) {
        asio::ip::tcp::socket socket(io);
        asio::connect(socket, endpoints.value(), ec);
        if (!ec) {
            return socket;
        }
        if (std::chrono::steady_clock::now() + pause > deadline) {
            return makeError(ErrorCode::IoError,
                             "cannot reach " + toString(where) + ": " + ec.message());
        }
        std::this_thread::sleep_for(pause);
    }
}

} // namespace xylem::tree
