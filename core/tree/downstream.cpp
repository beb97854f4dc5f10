#include "core/tree/downstream.h"

#include "core/model/lifeline.h"
#include "core/protocol/handshake.h"
#include "core/tree/attachlocate.h"
#include "core/tree/hostport.h"

#include <algorithm>
#include <utility>

namespace xylem::tree {

namespace asio = boost::asio;
using protocol::MessageType;

Downstream::Downstream(asio::io_context& io, const gather::Topology& topology, std::uint32_t self,
                       std::string token, bool leavesAttach, Events events)
    : m_io(io)
    , m_topology(topology)
    , m_self(self)
    , m_token(std::move(token))
    , m_leavesAttach(leavesAttach)
    , m_events(std::move(events))
    , m_acceptor(io)
    , m_children(topology.nodes[self].children)
    , m_links(m_children.size())
    , m_topologyJson(gather::toJson(topology))
    , m_acceptPause(io)
{
}

Downstream::~Downstream()
{
    closeAll();
}

Result<std::uint16_t> Downstream::listen(const std::string& address, std::uint16_t port)
{
    boost::system::error_code ec;
    const auto ip = asio::ip::make_address(address, ec);
    if (ec) {
        return makeError(ErrorCode::InvalidArgument,
                         "cannot listen on '" + address + "': not an IP address");
    }
    const asio::ip::tcp::endpoint endpoint(ip, port);
    m_acceptor.open(endpoint.protocol(), ec);
    if (!ec) {
        closeOnExec(m_acceptor.native_handle()); // no child of ours keeps the port (lifeline.h)
        m_acceptor.set_option(asio::socket_base::reuse_address(true), ec);
        if (ip.is_v6() && ip.is_unspecified()) {
            m_acceptor.set_option(asio::ip::v6_only(false), ec); // :: takes IPv4 children too
        }
        m_acceptor.bind(endpoint, ec);
    }
    if (!ec) {
        m_acceptor.listen(asio::socket_base::max_listen_connections, ec);
    }
    if (ec) {
        return makeError(ErrorCode::IoError, "cannot listen on " +
                                                 toString(HostPort{address, port}) + ": " +
                                                 ec.message());
    }
    accept();
    return m_acceptor.local_endpoint().port();
}

void Downstream::accept()
{
    m_acceptor.async_accept(
        [this](const boost::system::error_code& ec, asio::ip::tcp::socket socket) {
            if (ec) {
                if (ec != asio::error::operation_aborted && !m_closing) {
                    // Out of descriptors, say: trying again at once would spin.
                    m_events.log("accept failed: " + ec.message());
                    m_acceptPause.expires_after(std::chrono::milliseconds(100));
                    m_acceptPause.async_wait([this](const boost::system::error_code& e) {
                        if (!e && !m_closing) {
                            accept();
                        }
                    });
                }
                return;
            }
            introduce(Connection::make(std::move(socket)));
            accept();
        });
}

// What a stranger has said and been sent: its hello and the challenge.
struct Downstream::Handshake
{
    TreeHelloMessage hello;
    protocol::ServerHandshake server;
};

// A stranger until its proof: hello-sized frames, within the hello time-out, and room for the
// children's own connections however many strangers come.
void Downstream::introduce(std::shared_ptr<Connection> connection)
{
    const size_t mostWaiting = 256 + 2 * m_children.size();
    if (m_unintroduced.size() >= mostWaiting) {
        const auto oldest = m_unintroduced.front();
        m_events.log(std::string(kStrangerLogPrefix) + oldest->peer() +
                     ": no hello yet, and too many connections wait; closed");
        forget(oldest);
        oldest->close("too many connections without a hello");
    }
    connection->limitFrames(protocol::kMaxHelloPayloadBytes);
    m_unintroduced.push_back(connection);
    auto timer = std::make_shared<asio::steady_timer>(m_io, helloTimeout);
    timer->async_wait(
        [this, weak = std::weak_ptr(connection), timer](const boost::system::error_code& e) {
            auto c = weak.lock();
            if (!e && c && unintroduced(c)) {
                m_events.log(std::string(kStrangerLogPrefix) + c->peer() +
                             ": no hello and proof within the time-out; closed");
                forget(c);
                c->close("no hello");
            }
        });
    auto state = std::make_shared<std::unique_ptr<Handshake>>();
    connection->start(
        [this, weak = std::weak_ptr(connection), timer, state](protocol::Frame& frame) {
            if (auto c = weak.lock(); c && unintroduced(c) && handshake(c, frame, *state)) {
                timer->cancel();
                forget(c);
                const TreeHelloMessage hello = (*state)->hello; // admit() replaces this handler
                admit(c, hello);
            }
        },
        [this, weak = std::weak_ptr(connection), timer](const std::string& reason) {
            if (auto c = weak.lock(); c && unintroduced(c)) {
                timer->cancel();
                forget(c);
                m_events.log(std::string(kStrangerLogPrefix) + c->peer() +
                             ": closed before its proof: " + reason);
            }
        });
}

bool Downstream::unintroduced(const std::shared_ptr<Connection>& connection) const
{
    return std::find(m_unintroduced.begin(), m_unintroduced.end(), connection) !=
           m_unintroduced.end();
}

void Downstream::forget(const std::shared_ptr<Connection>& connection)
{
    std::erase(m_unintroduced, connection);
}

void Downstream::refuse(const std::shared_ptr<Connection>& connection, const std::string& why)
{
    forget(connection);
    m_events.log(std::string(kStrangerLogPrefix) + connection->peer() + ": refused: " + why);
    connection->close(why);
}

// First frame: the hello, answered with a challenge. Second: the proof. Anything else, or a
// proof that was not made with the tree's token, ends the connection with nothing more sent.
bool Downstream::handshake(const std::shared_ptr<Connection>& connection, protocol::Frame& frame,
                           std::unique_ptr<Handshake>& state)
{
    const MessageType expected = state ? MessageType::TreeProof : MessageType::TreeHello;
    if (frame.type != expected) {
        refuse(connection, std::string(state ? "second" : "first") + " message was " +
                               std::string(protocol::toString(frame.type)) + ", not " +
                               std::string(protocol::toString(expected)));
        return false;
    }
    if (!state) {
        auto hello = decodeTreeHello(frame.payload);
        auto server = hello ? protocol::ServerHandshake::begin(m_token, "tree", hello->nonce,
                                                               claimOf(hello.value()))
                            : Result<protocol::ServerHandshake>(hello.error());
        if (!server) {
            refuse(connection, server.error().message);
            return false;
        }
        state = std::make_unique<Handshake>(Handshake{hello.value(), server.value()});
        connection->send(MessageType::TreeChallenge,
                         encode(TreeChallengeMessage{server->nonce(), server->proof()}));
        return false;
    }
    auto proof = decodeTreeProof(frame.payload);
    if (!proof) {
        refuse(connection, proof.error().message);
        return false;
    }
    if (!state->server.clientKnowsToken(proof->proof)) {
        refuse(connection, "wrong token");
        return false;
    }
    return true;
}

void Downstream::admit(std::shared_ptr<Connection> connection, const TreeHelloMessage& hello)
{
    if (hello.node == kLocateNode && m_locate) {
        return m_locate(connection);
    }
    const auto it = std::find(m_children.begin(), m_children.end(), hello.node);
    if (it == m_children.end()) {
        return refuse(connection,
                      "node " + std::to_string(hello.node) + " is not a child of this node");
    }
    const auto slot = static_cast<std::uint32_t>(it - m_children.begin());
    if (connected(slot)) {
        return refuse(connection, m_topology.nodes[hello.node].name() + " is already connected");
    }
    m_links[slot] = connection;
    connection->limitFrames(protocol::kMaxPayloadBytes);
    connection->keepAlive(idleTimeout);
    connection->start([this, slot](protocol::Frame& frame) { m_events.frame(slot, frame); },
                      [this, slot, weak = std::weak_ptr(connection)](const std::string& reason) {
                          if (!m_closing && m_links[slot] == weak.lock()) {
                              m_events.lost(slot, reason);
                          }
                      });
    connection->send(MessageType::TreeWelcome,
                     encode(TreeWelcomeMessage{hello.node, m_topologyJson, m_leavesAttach}));
    m_events.joined(slot);
}

void Downstream::send(std::uint32_t slot, MessageType type, std::span<const std::uint8_t> payload)
{
    if (connected(slot)) {
        m_links[slot]->send(type, payload);
    }
}

void Downstream::multicast(MessageType type, std::span<const std::uint8_t> payload)
{
    for (std::uint32_t slot = 0; slot < childSlots(); ++slot) {
        send(slot, type, payload);
    }
}

void Downstream::closeAll()
{
    m_closing = true;
    boost::system::error_code ec;
    m_acceptor.close(ec);
    for (auto& link : m_links) {
        if (link) {
            link->close("closing");
        }
    }
    m_acceptPause.cancel();
    for (const auto& c : std::exchange(m_unintroduced, {})) {
        c->close("closing");
    }
}

} // namespace xylem::tree
