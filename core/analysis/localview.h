#pragma once

// The part of a collective one node records. An edge's event collector lives on the parent's
// host (metrics.md §1), so a host records the edges into its own wrappers: all child edges of
// its greds, and a gred's own edge only when the gred's parent is on the same host. Node-side
// monitors (the distributed analysis of EventSpace) work on this view: a "local call" is
// complete when every local collector has reported it.

#include "core/analysis/edgetimes.h"
#include "core/analysis/pendingcalls.h"
#include "core/analysis/topology.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace xylem {

class LocalView
{
public:
    static Result<LocalView> make(const Configuration& config, const std::string& host);

    const Topology& topology() const { return *m_topology; }
    const std::string& host() const { return m_host; }
    bool records(std::uint32_t collector) const
    {
        return collector < m_local.size() && m_local[collector];
    }
    std::uint32_t collectorCount() const { return m_collectors; }
    const std::vector<size_t>& greds() const { return m_greds; } // slots in topology().greds()
    bool ownEdgeRecorded(size_t gredSlot) const;

private:
    std::shared_ptr<const Topology> m_topology;
    std::string m_host;
    std::vector<bool> m_local; // per wrapper: its edge is recorded here
    std::uint32_t m_collectors = 0;
    std::vector<size_t> m_greds;
};

// Matches a node's tuples into local calls; calls back with each complete call's row. Keeps no
// reference to the view (monitors that own both may be moved).
class LocalCallStream
{
public:
    explicit LocalCallStream(const LocalView& view, size_t pendingCalls = 1024);

    void add(const LocalView& view, std::span<const Tuple> tuples,
             const std::function<void(const EdgeTimes* row)>& onCall);
    std::int64_t calls() const { return m_calls; }
    std::int64_t ignored() const { return m_ignored; } // other hosts' collectors, repeats, late

private:
    PendingCalls m_pending;
    std::int64_t m_calls = 0;
    std::int64_t m_ignored = 0;
};

} // namespace xylem
