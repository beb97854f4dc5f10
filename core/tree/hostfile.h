#pragma once

// Host files as users already have them, so that `record --hostfile` takes the file their
// mpirun or Slurm job uses:
//
//   # OpenMPI                      # Slurm-style ranges, host:slots    # Xylem's cluster
//   node01 slots=4                 node[01-04]                         node01 slots=4 cluster=siteA
//   node02 slots=2 max_slots=8     gpu[1-2,7]:2                        node02 cluster=siteB
//
// One entry or bracket range per line; `#` starts a comment; blank lines are skipped. Slots
// default to 1 (max_slots is accepted and checked, Xylem has no use for it); the cluster
// defaults to "" (one cluster). Errors name the file, the line and the cause.

#include "core/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem::tree {

struct HostEntry
{
    std::string host;
    int slots = 1;
    std::string cluster; // "" when the file names none
    int line = 0;        // where it was listed (1-based)

    bool operator==(const HostEntry&) const = default;
};

inline constexpr std::size_t kMaxHostRange = 4096; // hosts one bracket range may expand to
inline constexpr int kMaxSlots = 65536;

// `file` only names the text in errors ("hosts.txt:3: ...").
Result<std::vector<HostEntry>> parseHostFile(std::string_view text, const std::string& file);
Result<std::vector<HostEntry>> readHostFile(const std::string& path);

// A Slurm host list: "node[01-03,07]" -> node01 node02 node03 node07 (zero padding kept),
// "a[1-2]b[1-2]" -> a1b1 a1b2 a2b1 a2b2, "x,y" -> x y. At most kMaxHostRange hosts.
Result<std::vector<std::string>> expandHostList(std::string_view text);

} // namespace xylem::tree
