#pragma once

// The allreduce runtime's building blocks (PATHS): a call travels from a thread down a path of
// wrappers to the root and its result comes back up the same way. Every wrapper is entered
// through an Edge, which is where the event collector of metrics.md §1 sits.

#include "collectors/probe/probe.h"

#include <cstdint>
#include <vector>

namespace xylem::allreduce {

// The value of one allreduce: `elements` 8-byte integers, summed element-wise.
using Payload = std::vector<std::int64_t>;

void addInto(Payload& sum, const Payload& value);

// Which calls the collectors record. Normally all; to measure what recording costs on a noisy
// machine, a run can alternate blocks of calls with and without it (same processes, same
// sockets, same tree: only the recording differs), starting without. Calls with a negative
// sequence number are the runtime's own (compute-gsum's calibration) and never recorded: the
// number travels with the call, so every host's collectors, service threads included, agree.
struct RecordingSchedule
{
    std::int64_t alternateBlock = 0; // 0: record every call
    std::int64_t firstCall = 0;      // calls before this one are recorded (warm-up)
    // Calls before this one are not recorded at all: --adapt's trials, through trees the run
    // does not keep (adaptiveruntime.h); 0 otherwise.
    std::int64_t notBefore = 0;

    bool records(std::int64_t seq) const
    {
        if (seq < 0 || seq < notBefore) {
            return false;
        }
        return alternateBlock == 0 || seq < firstCall ||
               ((seq - firstCall) / alternateBlock) % 2 == 1;
    }
};

// What the thread executing a call carries down the path: its ring (none when uninstrumented).
struct CallContext
{
    probe::ThreadRecorder* recorder = nullptr;
    RecordingSchedule schedule;
};

class RuntimeWrapper
{
public:
    virtual ~RuntimeWrapper() = default;
    // childPosition: which of the wrapper's children the call comes from.
    virtual Payload call(CallContext& context, int childPosition, std::int64_t seq,
                         Payload value) = 0;
};

// The edge from a wrapper into its parent, with the parent's side of the crossing: the event
// collector named after the child records down when the call passes into the parent and up
// when the parent returns.
class Edge
{
public:
    Edge(RuntimeWrapper* parent, int childPosition, std::uint32_t collector)
        : m_parent(parent)
        , m_childPosition(childPosition)
        , m_collector(collector)
    {
    }

    Payload cross(CallContext& context, std::int64_t seq, Payload value) const
    {
        if (!context.recorder || !context.schedule.records(seq)) {
            return m_parent->call(context, m_childPosition, seq, std::move(value));
        }
        const std::int64_t down = context.recorder->now();
        Payload result = m_parent->call(context, m_childPosition, seq, std::move(value));
        context.recorder->record(m_collector, kAllreduceOp, seq, 0, down, context.recorder->now());
        return result;
    }

    static constexpr std::uint16_t kAllreduceOp = 1;

private:
    RuntimeWrapper* m_parent;
    int m_childPosition;
    std::uint32_t m_collector;
};

} // namespace xylem::allreduce
