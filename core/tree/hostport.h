#pragma once

// Where a peer listens, as a user writes it: HOST:PORT, HOST a name, an IPv4 address or an IPv6
// address in brackets ([fe80::1]:7000). Names are resolved with getaddrinfo, so that a node may
// be told its parent by the name its cluster knows the machine by. Errors name the text and the
// cause.

#include "core/model/result.h"

#include <boost/asio.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::tree {

struct HostPort
{
    std::string host; // a name or an address, IPv6 without brackets
    std::uint16_t port = 0;
};

// "host:port", or "[v6]:port" for an IPv6 address.
std::string toString(const HostPort& where);

Result<HostPort> parseHostPort(std::string_view text);

// Every address the host has, in the order getaddrinfo prefers them.
Result<std::vector<boost::asio::ip::tcp::endpoint>> resolve(const HostPort& where);

// Connects to the first of its addresses that accepts, trying again (the peer may still be
// starting) until the deadline; a name that does not resolve fails at once.
Result<boost::asio::ip::tcp::socket>
connectRetrying(boost::asio::io_context& io, const HostPort& where,
                std::chrono::steady_clock::time_point deadline);

} // namespace xylem::tree
