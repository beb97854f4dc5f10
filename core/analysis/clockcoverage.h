#pragma once

// Which hosts of a run have a clock model, and so which proxy hops' one-way stages can be
// measured (metrics.md §4, §7). A proxy's down and up stages subtract timestamps taken on two
// hosts: the proxy's own (its stub records the edge below it) and its parent's (the service
// thread records the edge above it). When those hosts differ and either has no clock model,
// the two timestamps are on two clocks and the one-way times mean nothing; their sum, the
// two-way latency, needs no common clock, so each direction is estimated as half of it.
//
// A host has a model when the run stored one for it that was measured or is the reference; a
// host whose stored model says "not measured" (the measurement never reached it) has none.
// A caller that does not say (known = false: a run read from a file, a test's synthetic run)
// gets the timestamps taken as one clock, as before clock models existed.

#include "core/analysis/clockmodel.h"
#include "core/model/configuration.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem {

struct ClockCoverage
{
    bool known = false;                // false: no word on clocks; every stage measured
    std::vector<std::string> modelled; // hosts with a usable model

    bool hasModel(std::string_view host) const;
};

// From the models a run stored (an empty list: a run stored before models were kept).
ClockCoverage clockCoverage(const std::vector<HostClock>& stored);

// The two hosts of a proxy hop: the proxy's own and its parent's.
struct ProxyHosts
{
    std::string stub;
    std::string service;
};
ProxyHosts proxyHosts(const Configuration& config, int proxy);

// The hosts of the hop that have no model, in the order stub, service; empty when the hop's
// one-way stages can be measured (one host, both modelled, or coverage not known).
std::vector<std::string> hostsWithoutModel(const Configuration& config, int proxy,
                                           const ClockCoverage& coverage);

// Per wrapper: true for a proxy whose one-way stages are estimated as half the two-way latency.
std::vector<bool> halfTwoWayProxies(const Configuration& config, const ClockCoverage& coverage);

} // namespace xylem
