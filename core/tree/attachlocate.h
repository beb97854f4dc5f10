#pragma once

// Attaching by address, with no shared file system: a collector started by someone else (srun,
// mpirun, ssh) knows the front-end's HOST:PORT and the tree's token, and asks the front-end
// where its own parent listens. It introduces itself as a child does (the handshake of
// core/protocol/handshake.h: the token never crosses the wire), but with node kLocateNode, and
// with its proof sends TreeLocate (its node, or its host and rank, and its node index in its srun
// or mpirun job for when the tree does not name its host); the front-end answers TreeLocated (the
// leaf, the leaf's host, and its parent's advertised address, as the address file has it) or an
// Error, and the collector joins its real parent. A leaf whose parent is the front-end keeps the
// address it dialled, which it knows to work.

#include "core/model/result.h"
#include "core/tree/addressfile.h"
#include "core/tree/connection.h"
#include "core/tree/hostport.h"
#include "core/tree/treemessages.h"

#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace xylem::tree {

// The front-end's answer from what the address file would say.
Result<TreeLocatedMessage> locateIn(const AddressBook& book, const TreeLocateMessage& request);

// Front-end side, on a connection that has proven the token: answers its one TreeLocate with
// `answer` (an Error frame when that fails) and closes it soon after.
using LocateAnswer = std::function<Result<TreeLocatedMessage>(const TreeLocateMessage&)>;
void answerLocate(boost::asio::io_context& io, std::shared_ptr<Connection> connection,
                  LocateAnswer answer, std::function<void(const std::string&)> log);

// Collector side: where the leaf's parent is. Asks again while the tree is still starting.
struct Located
{
    std::uint32_t node = 0;
    HostPort parent;
    std::string leafHost; // the leaf's host in the tree
};
Result<Located> locateParent(const HostPort& frontEnd, const std::string& token,
                             const TreeLocateMessage& request, std::chrono::milliseconds timeout);

} // namespace xylem::tree
