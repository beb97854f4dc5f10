#include "core/record/recordclocks.h"

#include "core/analysis/clockmodeljson.h"
#include "core/model/tupleclock.h"
#include "core/store/attachments.h"

#include <unistd.h>

namespace xylem::record {

namespace {

constexpr std::chrono::seconds kMeasureTimeout{2}; // the ping-pong takes milliseconds

std::string thisHost()
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return name;
}

} // namespace

RecordClocks::RecordClocks(const gather::Topology& topology, const Configuration& config)
    : m_clocks(topology, config, thisHost())
{
}

Result<Ok> RecordClocks::measure(tree::FrontEnd& tree)
{
    m_last = std::chrono::steady_clock::now();
    auto offsets = tree.measureClocks(kMeasureTimeout);
    if (!offsets) {
        return offsets.error();
    }
    m_clocks.add(offsets.value(), tupleClockNowNs());
    return Ok{};
}

Result<Ok> RecordClocks::measureWhenDue(tree::FrontEnd& tree)
{
    if (std::chrono::steady_clock::now() - m_last < kRemeasure) {
        return Ok{};
    }
    return measure(tree);
}

Result<Ok> RecordClocks::store(store::Session& session, std::int64_t run) const
{
    for (const HostClock& clock : m_clocks.hostClocks()) {
        XYLEM_TRY(set, store::setClockModel(session, run, clock.host,
                                            clockModelJson(clock, m_clocks.frontEndHost())));
    }
    return Ok{};
}

std::string RecordClocks::describe() const
{
    return std::string(toString(tupleClockKind())) + ", corrected onto the front-end's host " +
           m_clocks.frontEndHost() + " where a host's offset is beyond its error bound";
}

} // namespace xylem::record
