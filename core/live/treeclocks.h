#pragma once

// The clocks of a tree run (metrics.md §7 for the gather tree): the front-end measures every
// node's clock against its own by ping-pong along the tree (tree::FrontEnd::measureClocks: per
// edge the exchange with the smallest round trip, offsets and error bounds summed along the
// path), at the start of a run, now and then during it, and at its end. Per host of the run's
// collectors this keeps the first and the latest measurement, which give its offset and drift
// (a HostClock, as MPI runs keep theirs: stored with the run, shown by `info` and the clock
// view), and maps the host's tuples onto the front-end's clock as they arrive.
//
// A host whose offset is within its own error bound is on the front-end's clock as far as
// anyone can tell (every host of a one-machine run): its tuples are left as they are, so that
// the measurement's noise is not added to them; the model still says what was measured.

#include "core/analysis/clockmodel.h"
#include "core/gather/topology.h"
#include "core/model/configuration.h"
#include "core/model/tuple.h"
#include "core/tree/treemessages.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace xylem::live {

class TreeClocks
{
public:
    // frontEndHost names the reference in the stored models (the host the front-end runs on).
    TreeClocks(const gather::Topology& topology, const Configuration& config,
               std::string frontEndHost);

    // One measurement, taken at frontEndNs on the front-end's tuple clock. A host with several
    // nodes (a collector and a relay) takes its collector's offset.
    void add(std::span<const tree::ClockOffset> offsets, std::int64_t frontEndNs);

    // Maps tuples onto the front-end's clock (in place): a tuple's host is its collector's
    // wrapper's host, or for a proxy its parent's (the proxy's service path runs there).
    void correct(std::span<Tuple> tuples) const;
    // One timestamp of `host`'s clock on the front-end's clock.
    std::int64_t toFrontEnd(const std::string& host, std::int64_t localNs) const;

    // Every host of the configuration: measured ones with their first and latest sample and the
    // error bound; the others (not reached by a measurement) unmeasured.
    std::vector<HostClock> hostClocks() const;
    const std::string& frontEndHost() const { return m_frontEndHost; }
    int measurements() const { return m_measurements; }

private:
    struct HostState
    {
        HostClock clock;       // unmeasured until a measurement reaches the host
        bool corrects = false; // the offset was beyond its error bound at some measurement
    };

    int hostIndex(const std::string& host) const; // -1: not a host of the configuration

    std::string m_frontEndHost;
    std::vector<HostState> m_hosts;       // in the configuration's order
    std::vector<int> m_hostOfCollector;   // tuple.collector -> index into m_hosts (-1: none)
    std::vector<int> m_hostOfNode;        // topology index -> index into m_hosts (-1: none)
    std::vector<bool> m_leafNode;         // a collector's offset wins over a relay's on its host
    int m_measurements = 0;
};

} // namespace xylem::live
