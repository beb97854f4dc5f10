#pragma once

// The clocks of a recording through the gather tree: measured by the front-end at the start,
// every kRemeasure while it runs (so that drift is followed as the tuples come) and at the end;
// the per-host models are stored with the run (store::setClockModel), as `xylem-cli mpi` stores
// its own, for `info`, `export --table clock_models` and the GUI's clock view.

#include "core/live/treeclocks.h"
#include "core/store/session.h"
#include "core/tree/frontend.h"

#include <chrono>
#include <string>

namespace xylem::record {

inline constexpr std::chrono::seconds kRemeasure{10};

class RecordClocks
{
public:
    RecordClocks(const gather::Topology& topology, const Configuration& config);

    // One measurement through the whole tree; a node that does not answer in time is left
    // with its last model (the error says which measurement failed, for the log).
    Result<Ok> measure(tree::FrontEnd& tree);
    // measure() when kRemeasure has passed since the last one.
    Result<Ok> measureWhenDue(tree::FrontEnd& tree);
    Result<Ok> store(store::Session& session, std::int64_t run) const;

    const live::TreeClocks& clocks() const { return m_clocks; }
    // "realtime" or "monotonic", and onto which host's clock the tuples were corrected.
    std::string describe() const;

private:
    live::TreeClocks m_clocks;
    std::chrono::steady_clock::time_point m_last{};
};

} // namespace xylem::record
