#pragma once

// The clock model of metrics.md §7: every host's clock mapped onto the trace's reference host.
//
// - Per host, its samples (MpiClockSample) are split at the largest gap in local time into a
//   start group and an end group; in each group the exchange with the smallest round trip is
//   kept. Between the two kept samples the offset is interpolated linearly in local time (drift)
//   and extrapolated along the same line outside them. With one group (or the two kept samples
//   closer than kMinDriftSpanNs, where drift would be noise) the offset is constant: the better
//   of the kept samples.
// - Hierarchy: a host measured against its cluster's local master is mapped onto the master's
//   clock first, then along the master's own mapping onto the reference host.
// - Error bound of a host = the sum along that chain of half the kept round trips (the larger
//   of a link's start and end sample).
// - A host without samples is kept as the identity and flagged `measured = false` (its error
//   bound is unknown): a trace that was already corrected, or a one-host run, has none. It is
//   an error only when another host was measured against it, because then the chain is broken.

#include "core/model/mpitrace.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

inline constexpr std::int64_t kMinDriftSpanNs = 1'000'000;

// What the correction could not remove (see clockresidual.h); filled by measureResidualSkew.
struct ResidualSkew
{
    std::int64_t maxViolationNs = 0; // the largest violation of happened-before involving the host
    std::int64_t violations = 0;     // how many orderings were violated
    std::int64_t checks = 0;         // how many cross-host orderings were checked
};

struct HostClock
{
    std::string host;
    std::string master;     // the host it was measured against; "" for the reference host
    bool reference = false; // the trace's reference host (identity, error 0)
    bool measured = false;  // false: the reference host or a host without samples (identity)
    MpiClockSample start;   // the kept samples; with a constant offset both are the same
    MpiClockSample end;
    std::optional<std::int64_t> errorBoundNs; // along the chain; nullopt when unmeasured
    ResidualSkew residual;

    // The offset onto the master's clock at local time t (not composed along the chain).
    std::int64_t offsetAt(std::int64_t localNs) const;
    // (end offset - start offset) / (end local - start local), in parts per million.
    double driftPpm() const;
};

class ClockModel
{
public:
    // Builds the model of every host of the trace (its ranks' hosts, the sampled hosts and the
    // reference host). Errors name the host: a negative round trip, a host measured against
    // two masters, a cycle, or a master that was never measured and is not the reference.
    static Result<ClockModel> build(const MpiTrace& trace);

    const std::vector<HostClock>& hosts() const { return m_hosts; }
    const HostClock* host(std::string_view name) const;
    HostClock* host(std::string_view name);
    const std::string& referenceHost() const { return m_reference; }

    // A timestamp of `host`'s clock in the reference clock (identity for an unknown host).
    std::int64_t toReference(std::string_view host, std::int64_t localNs) const;

    // Maps every event's enter and exit onto the reference time base and clears the trace's
    // clock samples (the trace is then "already corrected"; the model keeps the kept samples).
    void correct(MpiTrace& trace) const;

private:
    std::vector<HostClock> m_hosts; // sorted by host name
    std::string m_reference;
};

} // namespace xylem
