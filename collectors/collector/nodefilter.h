#pragma once

// A node-side monitor a client installed (core/analysis/livemonitors.h), with its own reading
// position in every ring: it sees every tuple whatever the clients' buffer policies.

#include "collectors/ring/ringreader.h"
#include "core/analysis/livemonitors.h"
#include "core/model/result.h"
#include "core/protocol/collectormessages.h"

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <variant>

namespace xylem::collector {

class NodeFilter
{
public:
    static Result<std::unique_ptr<NodeFilter>> make(const protocol::InstallFilterMessage& request);

    void feed(std::span<const Tuple> tuples);
    protocol::FilterResultMessage result() const;

    ring::RingCursor& cursor(std::uint32_t ring) { return m_cursors[ring]; }

private:
    NodeFilter(std::uint32_t id, std::variant<LastArrivalMonitor, StatisticsMonitor> monitor)
        : m_id(id)
        , m_monitor(std::move(monitor))
    {
    }

    std::uint32_t m_id;
    std::variant<LastArrivalMonitor, StatisticsMonitor> m_monitor;
    std::map<std::uint32_t, ring::RingCursor> m_cursors;
};

} // namespace xylem::collector
