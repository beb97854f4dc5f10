#include "core/tree/parentlink.h"

#include "core/protocol/handshake.h"
#include "core/tree/clockoffset.h"

#include <optional>
#include <utility>

namespace xylem::tree {

namespace asio = boost::asio;
using protocol::MessageType;

Result<ParentAddress> parseParentAddress(const std::string& text)
{
    auto parsed = parseHostPort(text);
    if (!parsed) {
        return makeError(parsed.error().code, "parent address " + parsed.error().message);
    }
    return parsed;
}

ParentLink::ParentLink(asio::io_context& io, ParentAddress parent, std::string token,
                       std::uint32_t node)
    : m_io(io)
    , m_parent(std::move(parent))
    , m_token(std::move(token))
    , m_node(node)
{
}

// The handshake (core/protocol/handshake.h), then the welcome: hello with this node's nonce,
// the parent's challenge checked before this node proves anything, the proof, the welcome.
Result<ParentLink::Welcome> ParentLink::join(std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    auto socket = connectRetrying(m_io, m_parent, deadline);
    if (!socket) {
        return socket.error();
    }
    const std::string where = "the parent at " + toString(m_parent);
    XYLEM_TRY(handshake, protocol::ClientHandshake::begin(m_token, "tree",
                                                          claimOf(TreeHelloMessage{m_node, {}})));
    m_connection = Connection::make(std::move(socket).value());
    m_connection->limitFrames(protocol::kMaxHelloPayloadBytes); // until it has proven the token
    std::optional<Result<Welcome>> outcome;
    bool challenged = false;
    m_connection->start(
        [&](protocol::Frame& frame) {
            if (outcome) {
                m_early.push_back(std::move(frame));
                return;
            }
            if (!challenged) {
                auto challenge =
                    frame.type == MessageType::TreeChallenge
                        ? decodeTreeChallenge(frame.payload)
                        : Result<TreeChallengeMessage>(makeError(
                              ErrorCode::MalformedInput,
                              where + " answered " + std::string(protocol::toString(frame.type))));
                if (!challenge) {
                    outcome = challenge.error();
                } else if (!handshake->serverKnowsToken(challenge->nonce, challenge->proof)) {
                    outcome = makeError(ErrorCode::IoError,
                                        where + " does not know the tree's token (or the " +
                                            "token given here is wrong): not joined");
                } else {
                    challenged = true;
                    m_connection->limitFrames(protocol::kMaxPayloadBytes);
                    m_connection->send(
                        MessageType::TreeProof,
                        encode(TreeProofMessage{handshake->proof(challenge->nonce)}));
                }
                return;
            }
            if (frame.type != MessageType::TreeWelcome) {
                outcome =
                    makeError(ErrorCode::MalformedInput,
                              "the parent answered " + std::string(protocol::toString(frame.type)));
                return;
            }
            auto welcome = decodeTreeWelcome(frame.payload);
            auto topology = welcome ? gather::parseTopologyJson(welcome->topologyJson)
                                    : Result<gather::Topology>(welcome.error());
            if (!topology) {
                outcome = topology.error();
                return;
            }
            outcome = Welcome{std::move(topology).value(), welcome->node, welcome->leavesAttach};
        },
        [&](const std::string& reason) {
            if (!outcome) {
                outcome = makeError(ErrorCode::IoError, "the parent closed the connection (" +
                                                            reason + "): a wrong token or node?");
            }
        });
    m_connection->send(MessageType::TreeHello,
                       encode(TreeHelloMessage{m_node, handshake->nonce()}));
    m_io.restart();
    while (!outcome && std::chrono::steady_clock::now() < deadline) {
        m_io.run_one_for(std::chrono::milliseconds(50));
    }
    if (!outcome) {
        outcome = makeError(ErrorCode::IoError, "no welcome from the parent in time");
    }
    if (!*outcome) {
        m_connection->close("not welcomed"); // its handlers refer to this frame: end them here
    }
    return std::move(*outcome);
}

void ParentLink::serve(std::function<void(protocol::Frame&)> onFrame,
                       std::function<void(const std::string&)> onClosed)
{
    auto handler = [this, onFrame = std::move(onFrame)](protocol::Frame& frame) {
        if (frame.type == MessageType::Ping) {
            if (auto ping = decodePing(frame.payload)) {
                m_connection->send(MessageType::Pong,
                                   encode(PongMessage{ping->id, tupleClockNowNs()}));
            }
            return;
        }
        onFrame(frame);
    };
    for (protocol::Frame& frame : std::exchange(m_early, {})) {
        handler(frame);
    }
    m_connection->start(std::move(handler), std::move(onClosed));
    m_connection->keepAlive(idleTimeout);
}

void ParentLink::send(MessageType type, std::span<const std::uint8_t> payload)
{
    if (m_connection) {
        m_connection->send(type, payload);
    }
}

void ParentLink::send(MessageType type, std::vector<std::uint8_t>&& payload)
{
    if (m_connection) {
        m_connection->send(type, std::move(payload));
    }
}

void ParentLink::close(const std::string& reason)
{
    if (m_connection) {
        m_connection->close(reason);
    }
}

} // namespace xylem::tree
