#pragma once

// Which hops of a tree cross from one cluster to another, and the xylem-gsum --wan text that
// puts an emulated wide-area link on each of them. A sweep (or a tuner) compares trees over the
// same clusters joined by the same slow link; since every tree puts its proxies elsewhere, the
// link is given once ("2ms/100Mbit") and the proxies it applies to are found per tree here.

#include "core/model/configuration.h"
#include "core/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem::tune {

// The proxies whose hop joins two clusters: the cluster of the proxy's child's host differs
// from that of its parent's host. In configuration order.
std::vector<int> clusterCrossingProxies(const Configuration& config);

// "2ms", "500us/100Mbit": a latency (ns, us, ms, s) and an optional bandwidth (bit, kbit, Mbit,
// Gbit), as xylem-gsum --wan takes them; an error names the text and what is wrong with it.
Result<std::string> checkLink(std::string_view link);

// "p.C.t0=2ms,p.D.t0=2ms": the link on every cluster-crossing proxy of the configuration; ""
// when none crosses (or the link is empty).
Result<std::string> clusterLinkSpec(const Configuration& config, std::string_view link);

} // namespace xylem::tune
