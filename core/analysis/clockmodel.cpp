#include "core/analysis/clockmodel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace xylem {

namespace {

const MpiClockSample& smallestRoundTrip(std::vector<MpiClockSample>::const_iterator begin,
                                        std::vector<MpiClockSample>::const_iterator end)
{
    return *std::min_element(
        begin, end, [](const auto& a, const auto& b) { return a.roundTripNs < b.roundTripNs; });
}

// Splits the samples (sorted by local time) at the largest gap and keeps the best of each side.
void keepStartAndEnd(std::vector<MpiClockSample> samples, HostClock& clock)
{
    std::sort(samples.begin(), samples.end(),
              [](const auto& a, const auto& b) { return a.localNs < b.localNs; });
    std::size_t split = 0; // index of the first end sample; 0: one group
    std::int64_t widest = 0;
    for (std::size_t i = 1; i < samples.size(); ++i) {
        const std::int64_t gap = samples[i].localNs - samples[i - 1].localNs;
        if (gap > widest) {
            widest = gap;
            split = i;
        }
    }
    if (split == 0) {
        clock.start = clock.end = smallestRoundTrip(samples.begin(), samples.end());
        return;
    }
    clock.start = smallestRoundTrip(samples.begin(), samples.begin() + split);
    clock.end = smallestRoundTrip(samples.begin() + split, samples.end());
    if (clock.end.localNs - clock.start.localNs < kMinDriftSpanNs) {
        const auto& best =
            clock.start.roundTripNs <= clock.end.roundTripNs ? clock.start : clock.end;
        clock.start = clock.end = best;
    }
}

Error hostError(const std::string& host, std::string message)
{
    return makeError(ErrorCode::InvalidTrace, std::move(message), "clock of host " + host);
}

std::int64_t halfRoundTrip(const HostClock& clock)
{
    const std::int64_t rtt = std::max(clock.start.roundTripNs, clock.end.roundTripNs);
    return (rtt + 1) / 2;
}

} // namespace

std::int64_t HostClock::offsetAt(std::int64_t localNs) const
{
    if (!measured)
        return 0;
    const std::int64_t span = end.localNs - start.localNs;
    if (span <= 0)
        return start.offsetNs;
    const double slope = static_cast<double>(end.offsetNs - start.offsetNs) / span;
    return start.offsetNs + std::llround(slope * static_cast<double>(localNs - start.localNs));
}

double HostClock::driftPpm() const
{
    const std::int64_t span = end.localNs - start.localNs;
    if (!measured || span <= 0)
        return 0.0;
    return static_cast<double>(end.offsetNs - start.offsetNs) / span * 1e6;
}

namespace {

using SamplesByHost = std::map<std::string, std::vector<MpiClockSample>>;

const std::string& masterOf(const MpiClockSample& sample, const MpiTrace& trace)
{
    return sample.measuredAgainst.empty() ? trace.referenceHost : sample.measuredAgainst;
}

Result<SamplesByHost> samplesByHost(const MpiTrace& trace)
{
    SamplesByHost samples;
    for (const auto& sample : trace.clockSamples) {
        if (sample.roundTripNs < 0)
            return hostError(sample.host, "a clock sample has a negative round trip (" +
                                              std::to_string(sample.roundTripNs) + " ns)");
        if (masterOf(sample, trace) == sample.host)
            return hostError(sample.host, "the host is measured against itself");
        auto& list = samples[sample.host];
        if (!list.empty() && masterOf(list.front(), trace) != masterOf(sample, trace))
            return hostError(sample.host, "the host is measured against two hosts");
        list.push_back(sample);
    }
    return samples;
}

// The sum of half round trips from `clock` up its chain of masters to the reference host.
Result<std::int64_t> chainError(const ClockModel& model, const HostClock& clock)
{
    std::int64_t error = 0;
    std::set<std::string> seen;
    for (const HostClock* link = &clock; !link->reference;) {
        if (!seen.insert(link->host).second)
            return hostError(clock.host, "its chain of masters has a cycle at " + link->host);
        error += halfRoundTrip(*link);
        const HostClock* master = model.host(link->master);
        if (master == nullptr || (!master->measured && !master->reference))
            return hostError(link->host, "measured against " + link->master +
                                             ", which has no clock samples and is not the "
                                             "reference host " +
                                             model.referenceHost());
        link = master;
    }
    return error;
}

} // namespace

Result<ClockModel> ClockModel::build(const MpiTrace& trace)
{
    ClockModel model;
    model.m_reference = trace.referenceHost;
    XYLEM_TRY(samples, samplesByHost(trace));
    std::set<std::string> names;
    for (const auto& rank : trace.ranks)
        names.insert(rank.host);
    if (!trace.referenceHost.empty())
        names.insert(trace.referenceHost);
    for (const auto& [host, list] : samples.value())
        names.insert(host);
    for (const auto& name : names) {
        HostClock clock;
        clock.host = name;
        clock.reference = name == trace.referenceHost;
        const auto it = samples->find(name);
        if (it != samples->end() && !clock.reference) {
            clock.measured = true;
            clock.master = masterOf(it->second.front(), trace);
            keepStartAndEnd(it->second, clock);
        }
        if (clock.reference)
            clock.errorBoundNs = 0;
        model.m_hosts.push_back(std::move(clock));
    }
    for (auto& clock : model.m_hosts) {
        if (!clock.measured)
            continue;
        XYLEM_TRY(error, chainError(model, clock));
        clock.errorBoundNs = error.value();
    }
    return model;
}

const HostClock* ClockModel::host(std::string_view name) const
{
    const auto it =
        std::lower_bound(m_hosts.begin(), m_hosts.end(), name,
                         [](const HostClock& c, std::string_view n) { return c.host < n; });
    return it != m_hosts.end() && it->host == name ? &*it : nullptr;
}

HostClock* ClockModel::host(std::string_view name)
{
    return const_cast<HostClock*>(std::as_const(*this).host(name));
}

std::int64_t ClockModel::toReference(std::string_view name, std::int64_t localNs) const
{
    // build() rejected cycles, so the chain ends; the bound guards against a hand-made model.
    const HostClock* link = host(name);
    for (std::size_t steps = 0; link != nullptr && link->measured && steps <= m_hosts.size();
         ++steps) {
        localNs += link->offsetAt(localNs);
        link = host(link->master);
    }
    return localNs;
}

void ClockModel::correct(MpiTrace& trace) const
{
    for (auto& event : trace.events) {
        if (event.rank < 0 || static_cast<std::size_t>(event.rank) >= trace.ranks.size())
            continue;
        const std::string& name = trace.ranks[event.rank].host;
        event.enter = toReference(name, event.enter);
        event.exit = std::max(event.enter, toReference(name, event.exit));
    }
    trace.clockSamples.clear();
}

} // namespace xylem
