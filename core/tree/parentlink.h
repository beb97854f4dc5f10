#pragma once

// A node's connection to its parent: connects (retrying while the parent starts), introduces
// itself with its node index, proves it holds the tree's token after the parent has proven it
// (core/protocol/handshake.h; the token never crosses the wire), and receives the welcome with
// the topology. After that, frames from the parent go to the handler; Ping is answered here.

#include "core/gather/topology.h"
#include "core/model/result.h"
#include "core/tree/connection.h"
#include "core/tree/hostport.h"
#include "core/tree/treemessages.h"

#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

namespace xylem::tree {

using ParentAddress = HostPort;

Result<ParentAddress> parseParentAddress(const std::string& text); // HOST:PORT or [IPV6]:PORT

class ParentLink
{
public:
    struct Welcome
    {
        gather::Topology topology;
        std::uint32_t node = 0;
        bool leavesAttach = false;
    };

    ParentLink(boost::asio::io_context& io, ParentAddress parent, std::string token,
               std::uint32_t node);

    // Runs the io_context until welcomed, refused or the deadline passes.
    Result<Welcome> join(std::chrono::milliseconds timeout);
    // From then on: frames from the parent (Ping already answered) and the end of the link.
    void serve(std::function<void(protocol::Frame&)> onFrame,
               std::function<void(const std::string&)> onClosed);
    void send(protocol::MessageType type, std::span<const std::uint8_t> payload);
    void send(protocol::MessageType type, std::vector<std::uint8_t>&& payload);
    void close(const std::string& reason);

    // A parent silent this long (heartbeats keep a quiet one alive) is gone: see serve().
    std::chrono::milliseconds idleTimeout = kTreeIdleTimeout;

private:
    boost::asio::io_context& m_io;
    ParentAddress m_parent;
    std::string m_token;
    std::uint32_t m_node;
    std::shared_ptr<Connection> m_connection;
    std::vector<protocol::Frame> m_early; // frames that came with the welcome, before serve()
};

} // namespace xylem::tree
