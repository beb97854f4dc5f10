#pragma once

// Which system samples belong to a run recorded live: those inside the span of its stored
// tuples, plus each series' (host and metric) last sample before the span and first after it,
// so that every curve reaches both ends of the run. The collectors sample from the moment the
// scope is deployed until it is closed — before the program starts and after it has ended — and
// a sample arrives before the run's span is known to reach it: it waits here until the span
// decides. Memory stays bounded: before the first tuple a series keeps its newest few samples;
// past the span's end, a series holding too many lets its oldest go to the run (the program has
// paused, not ended, or it would not hold that many).

#include "core/store/attachments.h"
#include "core/store/runwriter.h"

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xylem::live {

class RunSampleWindow
{
public:
    // Samples of any series, oldest first within each.
    void add(std::vector<store::SystemSample> samples);
    // What is now known to belong to the run, given the span of its tuples so far.
    std::vector<store::SystemSample> takeDecided(std::optional<store::TupleSpan> span);
    // At the end, given the final span: the rest that belongs; nothing waits any more.
    std::vector<store::SystemSample> takeRest(std::optional<store::TupleSpan> span);
    // Left out as outside the run.
    std::int64_t dropped() const { return m_dropped; }

    static constexpr size_t kKeptBeforeSpan = 4;
    static constexpr size_t kMaxWaiting = 64;

private:
    struct Series
    {
        std::optional<store::SystemSample> before; // the newest one before the span
        std::deque<store::SystemSample> waiting;   // not decided yet, oldest first
    };
    void decide(Series& series, const store::TupleSpan& span,
                std::vector<store::SystemSample>& out);

    std::map<std::pair<std::string, std::string>, Series> m_series;
    std::int64_t m_dropped = 0;
};

} // namespace xylem::live
