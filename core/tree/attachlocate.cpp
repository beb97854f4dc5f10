#include "core/tree/attachlocate.h"

#include "core/protocol/collectormessages.h"
#include "core/tree/treemessages.h"

#include <optional>
#include <thread>
#include <utility>

namespace xylem::tree {

namespace asio = boost::asio;
using protocol::MessageType;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::chrono::seconds kAnswerTimeout{5}; // a located collector closes before this
constexpr std::chrono::milliseconds kStartingPause{200};

// One attempt: hello and request at once, then the answer or the end of the connection.
Result<Located> locateOnce(const HostPort& frontEnd, const std::string& token,
                           const TreeLocateMessage& request, Clock::time_point deadline)
{
    std::optional<Result<Located>> outcome;
    asio::io_context io;
    XYLEM_TRY(socket, connectRetrying(io, frontEnd, deadline));
    const std::string where = "the front-end at " + toString(frontEnd);
    auto connection = Connection::make(std::move(socket).value());
    connection->start(
        [&](protocol::Frame& frame) {
            if (outcome) {
                return;
            }
            if (frame.type == MessageType::TreeLocated) {
                auto m = decodeTreeLocated(frame.payload);
                outcome = m ? Result<Located>(Located{
                                  m->node, m->parent == 0 ? frontEnd : HostPort{m->host, m->port}})
                            : Result<Located>(m.error());
            } else if (frame.type == MessageType::Error) {
                auto m = protocol::decodeError(frame.payload);
                const auto code = m && m->code <= std::uint32_t(ErrorCode::TimedOut)
                                      ? static_cast<ErrorCode>(m->code)
                                      : ErrorCode::IoError;
                outcome = makeError(code, where + ": " + (m ? m->message : m.error().message));
            } else {
                outcome =
                    makeError(ErrorCode::MalformedInput,
                              where + " answered " + std::string(protocol::toString(frame.type)));
            }
        },
        [&](const std::string& reason) {
            if (!outcome) {
                outcome = makeError(ErrorCode::IoError, where + " refused the attach (" + reason +
                                                            "): a wrong tree token?");
            }
        });
    connection->send(MessageType::TreeHello, encode(TreeHelloMessage{token, kLocateNode}));
    connection->send(MessageType::TreeLocate, encode(request));
    while (!outcome && Clock::now() < deadline) {
        io.run_one_for(std::chrono::milliseconds(50));
    }
    connection->close("located");
    if (!outcome) {
        return makeError(ErrorCode::TimedOut, "no answer from " + where + " in time");
    }
    return std::move(*outcome);
}

} // namespace

Result<TreeLocatedMessage> locateIn(const AddressBook& book, const TreeLocateMessage& request)
{
    const auto node =
        request.node == kLocateNode ? std::nullopt : std::optional<std::uint32_t>(request.node);
    XYLEM_TRY(leaf, findLeaf(book, node, request.host, request.rank));
    XYLEM_TRY(parent, parentAddressOf(book, leaf.value()));
    return TreeLocatedMessage{leaf.value(), parent->node, parent->ip, parent->port};
}

void answerLocate(asio::io_context& io, std::shared_ptr<Connection> connection, LocateAnswer answer,
                  std::function<void(const std::string&)> log)
{
    auto timer = std::make_shared<asio::steady_timer>(io, kAnswerTimeout);
    timer->async_wait([weak = std::weak_ptr(connection)](const boost::system::error_code& ec) {
        if (auto c = weak.lock(); c && !ec) {
            c->close("located, or no request in time");
        }
    });
    auto answered = std::make_shared<bool>(false);
    connection->start(
        [weak = std::weak_ptr(connection), answer = std::move(answer), log = std::move(log), timer,
         answered](protocol::Frame& frame) {
            auto c = weak.lock();
            if (!c || std::exchange(*answered, true)) {
                return;
            }
            if (frame.type != MessageType::TreeLocate) {
                log(c->peer() + ": sent " + std::string(protocol::toString(frame.type)) +
                    " after a locating hello; closed");
                c->close("not a locate request");
                return;
            }
            auto request = decodeTreeLocate(frame.payload);
            auto located =
                request ? answer(request.value()) : Result<TreeLocatedMessage>(request.error());
            if (!located) {
                log(c->peer() + ": cannot locate: " + located.error().message);
                c->send(MessageType::Error, protocol::encode(protocol::ErrorMessage{
                                                static_cast<std::uint32_t>(located.error().code),
                                                located.error().message}));
                return;
            }
            log(c->peer() + ": node " + std::to_string(located->node) + " joins node " +
                std::to_string(located->parent) + " at " + located->host + ":" +
                std::to_string(located->port));
            c->send(MessageType::TreeLocated, encode(located.value()));
        },
        [timer](const std::string&) { timer->cancel(); });
}

Result<Located> locateParent(const HostPort& frontEnd, const std::string& token,
                             const TreeLocateMessage& request, std::chrono::milliseconds timeout)
{
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        auto located = locateOnce(frontEnd, token, request, deadline);
        if (located || located.error().code != ErrorCode::Busy ||
            Clock::now() + kStartingPause > deadline) {
            return located;
        }
        std::this_thread::sleep_for(kStartingPause); // the tree is still starting
    }
}

} // namespace xylem::tree
