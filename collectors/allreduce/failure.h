#pragma once

// A collective cannot go on without its peers: a connection lost in the middle of a run ends
// the whole process with a message that says which peer, instead of leaving threads blocked
// forever in a gred. The launcher then stops the other hosts.

#include <string>

namespace xylem::allreduce {

inline constexpr int kPeerLostExitCode = 3;

[[noreturn]] void failRun(const std::string& message);

} // namespace xylem::allreduce
