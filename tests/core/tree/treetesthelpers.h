#pragma once

// Starting real gather trees of xylem-relay and xylem-collector processes on 127.0.0.1, and
// playing a peer by hand on a plain socket.

#include "core/protocol/frame.h"
#include "core/tree/frontend.h"

#include <boost/asio.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xylem::tree::testing {

FrontEndOptions localTree(const std::vector<std::uint32_t>& levels);
std::unique_ptr<FrontEnd> startTree(const std::vector<std::uint32_t>& levels);
std::unique_ptr<FrontEnd> startTree(FrontEndOptions options);

// Opens a stream, pulls one wave and returns it (QFAIL-free: errors become an empty optional).
Result<Wave> oneWave(FrontEnd& tree, const StreamSpec& spec);

StreamSpec stream(std::uint32_t id, const std::string& filter, const std::string& source,
                  std::vector<std::int64_t> sourceArguments = {});

// The sum of the leaves' node indices.
double sumOfLeaves(const gather::Topology& topology);

// The next frame on a plain blocking socket, or nullopt when the peer closed the connection,
// sent garbage, or sent nothing within the timeout. Frames read past it wait in the reader.
struct FrameReader
{
    protocol::FrameDecoder decoder;
    std::vector<protocol::Frame> frames;
    std::vector<std::uint8_t> seen; // every byte read, for tests of what crossed the wire
};
std::optional<protocol::Frame> readFrame(boost::asio::ip::tcp::socket& socket, FrameReader& reader,
                                         std::chrono::milliseconds timeout);

// A child's side of the handshake played by hand on a connected socket, with `token` (the
// tree's, or a wrong one): the hello for `node`, the parent's challenge, and a proof made with
// `token` even when the parent's proof does not check out with it. Whether the parent's proof
// checked out; nullopt when no challenge came.
std::optional<bool> handshakeByHand(boost::asio::ip::tcp::socket& socket, FrameReader& reader,
                                    const std::string& token, std::uint32_t node);

// Whether the peer ends the connection within the timeout (frames it sends first are skipped).
bool closedWithin(boost::asio::ip::tcp::socket& socket, std::chrono::milliseconds timeout);

} // namespace xylem::tree::testing
