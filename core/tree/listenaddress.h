#pragma once

// Where an inner node of the gather tree binds its port, and the address it gives its children
// and the address file (advertises): the two differ when it binds every interface, and an
// address file never says 0.0.0.0.
//
//   auto (the default)  binds and advertises the address this host sends from towards the first
//                       other machine among its children's hosts (a UDP connect, which sends
//                       nothing, then getsockname): a front-end on a cluster's head node is
//                       reached on the interface its nodes route to. 127.0.0.1 when every host
//                       is this one. A host whose name does not resolve here is a label (a
//                       local test's h0, a collector's --host), not a machine: it is skipped.
//   an IP address       binds and advertises it.
//   0.0.0.0 or ::       binds every interface (only when asked) and advertises as auto does.

#include "core/model/result.h"

#include <functional>
#include <string>
#include <vector>

namespace xylem::tree {

struct ListenChoice
{
    std::string bind;
    std::string advertise;
    std::string why; // how auto chose, for the log: "the route to n17"
};

// The address this host sends from towards `host`: NotFound when the name does not resolve,
// IoError when there is no route.
Result<std::string> routeSourceAddress(const std::string& host);
using RouteLookup = std::function<Result<std::string>(const std::string& host)>;

// This machine: "", localhost, the host name, a loopback address.
bool isLocalHost(const std::string& host);

// `option` is --listen's text; `childHosts` the hosts the node's children run on.
Result<ListenChoice> chooseListen(const std::string& option,
                                  const std::vector<std::string>& childHosts,
                                  const RouteLookup& route = routeSourceAddress);

} // namespace xylem::tree
