#pragma once

// A partial allreduce: joins its children's paths. Each arrival adds its value; every arrival
// but the last blocks; the last continues down with the partial sum (through the gred's own
// edge, or, at the root, returns it as the result). When the result comes back, the gred
// releases the blocked children in the order they arrived, first arrived first released, and
// each returns the result up its own path. (PATHS did the same with condition variables; the
// order is what makes departure order follow arrival order, as its analysis found.)

#include "collectors/allreduce/wrapper.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace xylem::allreduce {

class GredWrapper final : public RuntimeWrapper
{
public:
    // down: the gred's own edge, or nullopt at the root. hostTop: no gred of this host lies
    // below it (its parent is a proxy, the core, or none): it signals the host's coscheduled
    // collector (coschedule.h) once all threads were released, and, unless a proxy does on
    // sending, once all contributions are in.
    GredWrapper(int children, std::optional<Edge> down, bool hostTop = false,
                bool parentIsProxy = false);

    Payload call(CallContext& context, int childPosition, std::int64_t seq, Payload value) override;

private:
    // One per child position: where a blocked child waits for its result.
    struct Waiter
    {
        std::atomic<std::uint64_t> released{0}; // the generation it was last released in
        Payload result;
    };

    const int m_children;
    std::optional<Edge> m_down;
    const bool m_signalsSend;
    const bool m_signalsRelease;
    std::mutex m_mutex;
    std::uint64_t m_generation = 1; // calls joined so far + 1
    int m_arrived = 0;
    Payload m_sum;
    std::vector<int> m_arrivalOrder; // child positions waiting, in order of arrival
    std::unique_ptr<Waiter[]> m_waiters;
};

} // namespace xylem::allreduce
