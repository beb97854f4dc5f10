#pragma once

// The children of one inner node (relay or front-end): listens, admits a connection only after
// the handshake (core/protocol/handshake.h: its TreeHello names one of this node's children,
// this node answers with a TreeChallenge, and its TreeProof shows that it holds the tree's
// token, which never crosses the wire), welcomes it with the topology, and then carries frames
// both ways. A connection that says anything else first, a wrong proof, or no proof within the
// hello time-out (which covers the whole handshake), is closed with the reason logged. A child
// whose connection ends is lost; the same child connecting again has rejoined.
//
// Until its proof a connection may send hello-sized frames and no more, and only so many
// wait for their proof at once (the oldest goes first), so that strangers on the port cost a
// few kilobytes each and never the memory of the node. Once admitted, an edge silent for
// idleTimeout (heartbeats keep a quiet one alive, connection.h) is closed: its child is lost.

#include "core/gather/topology.h"
#include "core/model/result.h"
#include "core/tree/connection.h"
#include "core/tree/treemessages.h"

#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::tree {

// Every log line about a connection that never proved the token (garbage, a wrong token, no
// hello in time) starts with this, then the peer's address: "stranger 10.0.0.7:40112: ...".
inline constexpr std::string_view kStrangerLogPrefix = "stranger ";

class Downstream
{
public:
    struct Events
    {
        std::function<void(std::uint32_t slot, protocol::Frame&)> frame;
        std::function<void(std::uint32_t slot)> joined; // first time or again
        std::function<void(std::uint32_t slot, const std::string& reason)> lost;
        std::function<void(const std::string&)> log;
    };

    Downstream(boost::asio::io_context& io, const gather::Topology& topology, std::uint32_t self,
               std::string token, bool leavesAttach, Events events);
    ~Downstream();

    // Binds address:port (port 0: any) and starts accepting.
    Result<std::uint16_t> listen(const std::string& address, std::uint16_t port);
    // Hands over the connections whose hello (token proven) asks where to join instead of
    // naming a child (attachlocate.h); without a handler they are refused.
    void answerLocates(std::function<void(std::shared_ptr<Connection>)> handler)
    {
        m_locate = std::move(handler);
    }

    std::uint32_t childSlots() const { return static_cast<std::uint32_t>(m_children.size()); }
    std::uint32_t nodeOf(std::uint32_t slot) const { return m_children[slot]; }
    bool connected(std::uint32_t slot) const { return m_links[slot] && m_links[slot]->open(); }
    void send(std::uint32_t slot, protocol::MessageType type,
              std::span<const std::uint8_t> payload);
    void multicast(protocol::MessageType type, std::span<const std::uint8_t> payload);
    void closeAll();

    std::chrono::milliseconds helloTimeout{5000};
    std::chrono::milliseconds idleTimeout = kTreeIdleTimeout;

private:
    struct Handshake; // a stranger's hello and the challenge it was sent

    void accept();
    void introduce(std::shared_ptr<Connection> connection);
    bool unintroduced(const std::shared_ptr<Connection>& connection) const;
    void forget(const std::shared_ptr<Connection>& connection);
    void refuse(const std::shared_ptr<Connection>& connection, const std::string& why);
    // The handshake's two steps; true when the connection has proven the token.
    bool handshake(const std::shared_ptr<Connection>& connection, protocol::Frame& frame,
                   std::unique_ptr<Handshake>& state);
    void admit(std::shared_ptr<Connection> connection, const TreeHelloMessage& hello);

    boost::asio::io_context& m_io;
    const gather::Topology& m_topology;
    std::uint32_t m_self;
    std::string m_token;
    bool m_leavesAttach;
    Events m_events;
    std::function<void(std::shared_ptr<Connection>)> m_locate;
    boost::asio::ip::tcp::acceptor m_acceptor;
    std::vector<std::uint32_t> m_children;                   // node index per slot
    std::vector<std::shared_ptr<Connection>> m_links;        // per slot
    std::vector<std::shared_ptr<Connection>> m_unintroduced; // accepted, not proven; oldest first
    std::string m_topologyJson;
    boost::asio::steady_timer m_acceptPause; // after a failed accept (no descriptor left)
    bool m_closing = false;
};

} // namespace xylem::tree
