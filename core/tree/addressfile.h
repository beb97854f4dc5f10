#pragma once

// How collectors started by someone else (mpirun, srun, systemd) find their place in a running
// tree: a file with the token, where each inner node listens, and every node. Written by the
// front-end with mode 0600 (it holds the secret).
//
//   xylem-gather-address/1
//   token 3f9c...
//   listen 0 127.0.0.1 40123
//   node 5 n3 0 1 leaf          (index host rank parent role)

#include "core/gather/topology.h"
#include "core/model/result.h"
#include "core/tree/treemessages.h"

#include <optional>
#include <string>
#include <vector>

namespace xylem::tree {

struct AddressBook
{
    std::string token;
    std::vector<NodeAddress> listening;
    gather::Topology topology;
};

Result<Ok> writeAddressFile(const std::string& path, const AddressBook& book);
Result<AddressBook> readAddressFile(const std::string& path);

// The leaf a collector is: by index, or else by host name (and rank) among the leaves.
Result<std::uint32_t> findLeaf(const AddressBook& book, std::optional<std::uint32_t> node,
                               const std::string& host, std::uint32_t rank);
// Where that leaf's parent listens.
Result<NodeAddress> parentAddressOf(const AddressBook& book, std::uint32_t leaf);

} // namespace xylem::tree
