#include "core/tree/addressfile.h"

#include "core/model/secretfile.h"

#include <sstream>

namespace xylem::tree {

namespace {

const char* const kHeader = "xylem-gather-address/1";

std::string roleName(gather::NodeRole role)
{
    return role == gather::NodeRole::FrontEnd ? "front-end"
           : role == gather::NodeRole::Relay  ? "relay"
                                              : "leaf";
}

} // namespace

Result<Ok> writeAddressFile(const std::string& path, const AddressBook& book)
{
    std::ostringstream out;
    out << kHeader << "\ntoken " << book.token << "\n";
    for (const NodeAddress& a : book.listening) {
        out << "listen " << a.node << " " << a.ip << " " << a.port << "\n";
    }
    for (size_t i = 0; i < book.topology.nodes.size(); ++i) {
        const auto& n = book.topology.nodes[i];
        out << "node " << i << " " << n.host << " " << n.rank << " " << n.parent << " "
            << roleName(n.role) << "\n";
    }
    // It holds the tree's token: never readable by others, not even while it is written.
    if (auto written = writeSecretFile(path, out.str()); !written) {
        return makeError(written.error().code,
                         "cannot write the address file: " + written.error().message, path);
    }
    return Ok{};
}

Result<AddressBook> readAddressFile(const std::string& path)
{
    // A token others could have read or planted is no secret: such a file is refused.
    auto text = readSecretFile(path);
    if (!text) {
        return makeError(text.error().code, "cannot use the address file: " + text.error().message,
                         path);
    }
    std::istringstream in(text.value());
    std::string line;
    if (!std::getline(in, line) || line != kHeader) {
        return makeError(ErrorCode::MalformedInput,
                         "not a Xylem address file (no '" + std::string(kHeader) + "' line)", path);
    }
    AddressBook book;
    std::vector<gather::TopologyNode> nodes;
    for (int number = 2; std::getline(in, line); ++number) {
        std::istringstream fields(line);
        std::string kind;
        fields >> kind;
        bool ok = true;
        if (kind == "token") {
            ok = static_cast<bool>(fields >> book.token);
        } else if (kind == "listen") {
            NodeAddress a;
            ok = static_cast<bool>(fields >> a.node >> a.ip >> a.port);
            book.listening.push_back(a);
        } else if (kind == "node") {
            size_t index = 0;
            gather::TopologyNode n;
            std::string role;
            ok = static_cast<bool>(fields >> index >> n.host >> n.rank >> n.parent >> role) &&
                 index == nodes.size();
            nodes.push_back(n);
        } else if (!kind.empty()) {
            ok = false;
        }
        if (!ok) {
            return makeError(ErrorCode::MalformedInput,
                             "line " + std::to_string(number) + " is malformed", path);
        }
    }
    gather::linkChildren(nodes); // the file lists parents only; a leaf needs no sibling order
    auto topology = gather::makeTopology(std::move(nodes));
    if (!topology) {
        return makeError(ErrorCode::MalformedInput,
                         "its tree is invalid: " + topology.error().message, path);
    }
    if (book.token.empty()) {
        return makeError(ErrorCode::MalformedInput, "it has no token", path);
    }
    book.topology = std::move(topology).value();
    return book;
}

Result<std::uint32_t> findLeaf(const AddressBook& book, std::optional<std::uint32_t> node,
                               const std::string& host, std::uint32_t rank)
{
    const auto& nodes = book.topology.nodes;
    if (node) {
        if (*node >= nodes.size() || nodes[*node].role != gather::NodeRole::Leaf) {
            return makeError(ErrorCode::InvalidArgument,
                             "node " + std::to_string(*node) + " is not a leaf of the tree");
        }
        return *node;
    }
    for (const std::uint32_t leaf : book.topology.leaves()) {
        if (nodes[leaf].host == host && nodes[leaf].rank == rank) {
            return leaf;
        }
    }
    return makeError(ErrorCode::NotFound,
                     "the tree has no leaf for host " + host + " rank " + std::to_string(rank));
}

Result<NodeAddress> parentAddressOf(const AddressBook& book, std::uint32_t leaf)
{
    const auto parent = static_cast<std::uint32_t>(book.topology.nodes[leaf].parent);
    for (const NodeAddress& a : book.listening) {
        if (a.node == parent) {
            return a;
        }
    }
    return makeError(ErrorCode::NotFound, "the address file does not say where node " +
                                              std::to_string(parent) + " listens");
}

} // namespace xylem::tree
