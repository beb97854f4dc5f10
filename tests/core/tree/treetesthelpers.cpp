#include "tests/core/tree/treetesthelpers.h"

#include "core/gather/topology.h"
#include "core/protocol/handshake.h"

#include <cstdio>
#include <poll.h>

namespace xylem::tree::testing {

FrontEndOptions localTree(const std::vector<std::uint32_t>& levels)
{
    FrontEndOptions options;
    options.topology = gather::levelTopology(levels, "localhost").value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.startTimeout = std::chrono::seconds(20);
    options.log = [](const std::string& line) {
        std::fprintf(stderr, "front-end: %s\n", line.c_str());
    };
    return options;
}

std::unique_ptr<FrontEnd> startTree(FrontEndOptions options)
{
    auto tree = FrontEnd::start(std::move(options));
    if (!tree) {
        std::fprintf(stderr, "cannot start the tree: %s\n", tree.error().describe().c_str());
        return nullptr;
    }
    return std::move(tree).value();
}

std::unique_ptr<FrontEnd> startTree(const std::vector<std::uint32_t>& levels)
{
    return startTree(localTree(levels));
}

StreamSpec stream(std::uint32_t id, const std::string& filter, const std::string& source,
                  std::vector<std::int64_t> sourceArguments)
{
    StreamSpec spec;
    spec.id = id;
    spec.filter.name = filter;
    spec.source.name = source;
    spec.source.arguments = std::move(sourceArguments);
    return spec;
}

Result<Wave> oneWave(FrontEnd& tree, const StreamSpec& spec)
{
    if (auto ok = tree.openStream(spec); !ok) {
        return ok.error();
    }
    if (auto ok = tree.pull(spec.id, 1, std::chrono::seconds(5)); !ok) {
        return ok.error();
    }
    return tree.next(spec.id, std::chrono::seconds(10));
}

double sumOfLeaves(const gather::Topology& topology)
{
    double sum = 0;
    for (const std::uint32_t leaf : topology.leaves()) {
        sum += leaf;
    }
    return sum;
}

std::optional<protocol::Frame> readFrame(boost::asio::ip::tcp::socket& socket, FrameReader& reader,
                                         std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::vector<std::uint8_t> buffer(64 * 1024);
    while (reader.frames.empty()) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        pollfd p{socket.native_handle(), POLLIN, 0};
        if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
            return std::nullopt;
        }
        boost::system::error_code ec;
        const size_t n = socket.read_some(boost::asio::buffer(buffer), ec);
        if (ec) {
            return std::nullopt;
        }
        reader.seen.insert(reader.seen.end(), buffer.begin(), buffer.begin() + n);
        if (!reader.decoder.feed(std::span(buffer.data(), n), reader.frames)) {
            return std::nullopt;
        }
    }
    protocol::Frame frame = std::move(reader.frames.front());
    reader.frames.erase(reader.frames.begin());
    return frame;
}

std::optional<bool> handshakeByHand(boost::asio::ip::tcp::socket& socket, FrameReader& reader,
                                    const std::string& token, std::uint32_t node)
{
    auto client =
        protocol::ClientHandshake::begin(token, "tree", claimOf(TreeHelloMessage{node, {}}));
    if (!client) {
        return std::nullopt;
    }
    boost::system::error_code ec;
    boost::asio::write(
        socket,
        boost::asio::buffer(protocol::encodeFrame(protocol::MessageType::TreeHello, 0,
                                                  encode(TreeHelloMessage{node, client->nonce()}))),
        ec);
    const auto frame = readFrame(socket, reader, std::chrono::seconds(10));
    if (ec || !frame || frame->type != protocol::MessageType::TreeChallenge) {
        return std::nullopt;
    }
    const auto challenge = decodeTreeChallenge(frame->payload);
    if (!challenge) {
        return std::nullopt;
    }
    boost::asio::write(socket,
                       boost::asio::buffer(protocol::encodeFrame(
                           protocol::MessageType::TreeProof, 0,
                           encode(TreeProofMessage{client->proof(challenge->nonce)}))),
                       ec);
    return client->serverKnowsToken(challenge->nonce, challenge->proof);
}

bool closedWithin(boost::asio::ip::tcp::socket& socket, std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    std::vector<std::uint8_t> scratch(64 * 1024);
    while (std::chrono::steady_clock::now() < deadline) {
        pollfd p{socket.native_handle(), POLLIN, 0};
        if (::poll(&p, 1, 50) <= 0) {
            continue;
        }
        boost::system::error_code ec;
        socket.read_some(boost::asio::buffer(scratch), ec);
        if (ec) {
            return true;
        }
    }
    return false;
}

} // namespace xylem::tree::testing
