#include "core/tree/parentlink.h"

#include "core/tree/clockoffset.h"

#include <charconv>
#include <optional>
#include <thread>
#include <utility>

namespace xylem::tree {

namespace asio = boost::asio;
using protocol::MessageType;

Result<ParentAddress> parseParentAddress(const std::string& text)
{
    const size_t colon = text.rfind(':');
    unsigned port = 0;
    if (colon == std::string::npos || colon == 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "parent address '" + text + "': expected IP:PORT");
    }
    const auto [end, ec] =
        std::from_chars(text.data() + colon + 1, text.data() + text.size(), port);
    if (ec != std::errc() || end != text.data() + text.size() || port == 0 || port > 65535) {
        return makeError(ErrorCode::InvalidArgument, "parent address '" + text + "': bad port");
    }
    return ParentAddress{text.substr(0, colon), static_cast<std::uint16_t>(port)};
}

ParentLink::ParentLink(asio::io_context& io, ParentAddress parent, std::string token,
                       std::uint32_t node)
    : m_io(io)
    , m_parent(std::move(parent))
    , m_token(std::move(token))
    , m_node(node)
{
}

Result<ParentLink::Welcome> ParentLink::join(std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    boost::system::error_code ec;
    const auto ip = asio::ip::make_address(m_parent.ip, ec);
    if (ec) {
        return makeError(ErrorCode::InvalidArgument,
                         "parent address '" + m_parent.ip + "' is not an IP address");
    }
    asio::ip::tcp::socket socket(m_io);
    for (auto pause = std::chrono::milliseconds(2);;
         pause = std::min(pause * 2, std::chrono::milliseconds(200))) {
        socket = asio::ip::tcp::socket(m_io);
        socket.connect({ip, m_parent.port}, ec);
        if (!ec) {
            break;
        }
        if (std::chrono::steady_clock::now() + pause > deadline) {
            return makeError(ErrorCode::IoError, "cannot reach the parent at " + m_parent.ip + ":" +
                                                     std::to_string(m_parent.port) + ": " +
                                                     ec.message());
        }
        std::this_thread::sleep_for(pause);
    }
    m_connection = Connection::make(std::move(socket));
    std::optional<Result<Welcome>> outcome;
    m_connection->start(
        [&](protocol::Frame& frame) {
            if (outcome) {
                m_early.push_back(std::move(frame));
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
    m_connection->send(MessageType::TreeHello, encode(TreeHelloMessage{m_token, m_node}));
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

void ParentLink::close(const std::string& reason)
{
    if (m_connection) {
        m_connection->close(reason);
    }
}

} // namespace xylem::tree
