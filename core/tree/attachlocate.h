#pragma once

// Attaching by address, with no shared file system: a collector started by someone else (srun,
// mpirun, ssh) knows the front-end's HOST:PORT and the tree's token, and asks the front-end
// where its own parent listens. It introduces itself as a child does (TreeHello with the token),
// but with node kLocateNode, then sends TreeLocate (its node, or its host and rank); the
// front-end answers TreeLocated (the leaf and its parent's advertised address, as the address
// file has it) or an Error, and the collector joins its real parent. A leaf whose parent is the
// front-end keeps the address it dialled, which it knows to work.

#include "core/model/result.h"
#include "core/tree/addressfile.h"
#include "core/tree/connection.h"
#include "core/tree/hostport.h"

#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace xylem::tree {

// TreeHello's node when the connection asks where its parent is instead of joining.
inline constexpr std::uint32_t kLocateNode = 0xffffffffu;

struct TreeLocateMessage
{
    std::uint32_t node = kLocateNode; // kLocateNode: find the leaf by host and rank
    std::string host;
    std::uint32_t rank = 0;
};

struct TreeLocatedMessage
{
    std::uint32_t node = 0;   // the leaf
    std::uint32_t parent = 0; // its parent's node index
    std::string host;         // where the parent listens (advertised)
    std::uint16_t port = 0;
};

std::vector<std::uint8_t> encode(const TreeLocateMessage& m);
std::vector<std::uint8_t> encode(const TreeLocatedMessage& m);
Result<TreeLocateMessage> decodeTreeLocate(std::span<const std::uint8_t> payload);
Result<TreeLocatedMessage> decodeTreeLocated(std::span<const std::uint8_t> payload);

// The front-end's answer from what the address file would say.
Result<TreeLocatedMessage> locateIn(const AddressBook& book, const TreeLocateMessage& request);

// Front-end side, on a connection that has shown the token: answers its one TreeLocate with
// `answer` (an Error frame when that fails) and closes it soon after.
using LocateAnswer = std::function<Result<TreeLocatedMessage>(const TreeLocateMessage&)>;
void answerLocate(boost::asio::io_context& io, std::shared_ptr<Connection> connection,
                  LocateAnswer answer, std::function<void(const std::string&)> log);

// Collector side: where the leaf's parent is. Asks again while the tree is still starting.
struct Located
{
    std::uint32_t node = 0;
    HostPort parent;
};
Result<Located> locateParent(const HostPort& frontEnd, const std::string& token,
                             const TreeLocateMessage& request, std::chrono::milliseconds timeout);

} // namespace xylem::tree
