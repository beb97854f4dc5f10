#include "core/tree/attachlocate.h"

#include "core/protocol/collectormessages.h"
#include "core/protocol/handshake.h"
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

// One attempt: the handshake (hello, the front-end's challenge checked, the proof) and with the
// proof the request, then the answer or the end of the connection.
Result<Located> locateOnce(const HostPort& frontEnd, const std::string& token,
                           const TreeLocateMessage& request, Clock::time_point deadline)
{
    std::optional<Result<Located>> outcome;
    asio::io_context io;
    const TreeHelloMessage claim{kLocateNode, {}};
    XYLEM_TRY(handshake, protocol::ClientHandshake::begin(token, "tree", claimOf(claim)));
    XYLEM_TRY(socket, connectRetrying(io, frontEnd, deadline));
    const std::string where = "the front-end at " + toString(frontEnd);
    auto connection = Connection::make(std::move(socket).value());
    connection->limitFrames(protocol::kMaxHelloPayloadBytes); // until it has proven the token
    bool challenged = false;
    auto answer = [&](protocol::Frame& frame) -> Result<Located> {
        if (frame.type == MessageType::TreeLocated) {
            XYLEM_TRY(m, decodeTreeLocated(frame.payload));
            return Located{m->node, m->parent == 0 ? frontEnd : HostPort{m->host, m->port},
                           m->leafHost};
        }
        if (frame.type == MessageType::Error) {
            auto m = protocol::decodeError(frame.payload);
            const auto code = m && m->code <= std::uint32_t(ErrorCode::TimedOut)
                                  ? static_cast<ErrorCode>(m->code)
                                  : ErrorCode::IoError;
            return makeError(code, where + ": " + (m ? m->message : m.error().message));
        }
        return makeError(ErrorCode::MalformedInput,
                         where + " answered " + std::string(protocol::toString(frame.type)));
    };
    connection->start(
        [&](protocol::Frame& frame) {
            if (outcome) {
                return;
            }
            if (challenged) {
                outcome = answer(frame);
                return;
            }
            if (frame.type != MessageType::TreeChallenge) {
                outcome =
                    makeError(ErrorCode::MalformedInput,
                              where + " answered " + std::string(protocol::toString(frame.type)) +
                                  " instead of its challenge");
                return;
            }
            auto challenge = decodeTreeChallenge(frame.payload);
            if (!challenge) {
                outcome =
                    makeError(ErrorCode::MalformedInput, where + ": " + challenge.error().message);
                return;
            }
            if (!handshake->serverKnowsToken(challenge->nonce, challenge->proof)) {
                outcome = makeError(ErrorCode::IoError,
                                    where + " does not know the tree's token (or the token " +
                                        "given here is wrong): not attached");
                return;
            }
            challenged = true;
            connection->limitFrames(protocol::kMaxPayloadBytes);
            connection->send(MessageType::TreeProof,
                             encode(TreeProofMessage{handshake->proof(challenge->nonce)}));
            connection->send(MessageType::TreeLocate, encode(request));
        },
        [&](const std::string& reason) {
            if (!outcome) {
                outcome = makeError(ErrorCode::IoError, where + " refused the attach (" + reason +
                                                            "): a wrong tree token?");
            }
        });
    connection->send(MessageType::TreeHello,
                     encode(TreeHelloMessage{kLocateNode, handshake->nonce()}));
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
    auto leaf = findLeaf(book, node, request.host, request.rank);
    if (!leaf && leaf.error().code == ErrorCode::NotFound && !node &&
        request.jobIndex != kLocateNode) {
        // A task of srun or mpirun on a node the tree does not know by name: the job's n-th
        // node takes the n-th leaf, as the collector does with an address file.
        const auto leaves = book.topology.leaves();
        if (request.jobIndex >= leaves.size()) {
            return makeError(ErrorCode::NotFound,
                             leaf.error().message + ", and its node index in the job is " +
                                 std::to_string(request.jobIndex) + " while the tree has " +
                                 std::to_string(leaves.size()) +
                                 " leaves: start one collector per node of the job");
        }
        leaf = leaves[request.jobIndex];
    }
    if (!leaf) {
        return leaf.error();
    }
    XYLEM_TRY(parent, parentAddressOf(book, leaf.value()));
    return TreeLocatedMessage{leaf.value(), parent->node, parent->ip, parent->port,
                              book.topology.nodes[leaf.value()].host};
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
