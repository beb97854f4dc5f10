#include "app/cli/stoprequest.h"

#include <atomic>

namespace xylem::cli {

namespace {

std::atomic<const StopTarget*>& stopped()
{
    static std::atomic<const StopTarget*> target{nullptr};
    return target;
}

static_assert(std::atomic<const StopTarget*>::is_always_lock_free);

void onSignal(int)
{
    if (const StopTarget* target = stopped().load()) {
        target->stop(target->object);
    }
}

} // namespace

SignalStop::SignalStop(const StopTarget& target)
{
    stopped().store(&target);
    m_signals.emplace(onSignal);
}

SignalStop::~SignalStop()
{
    m_signals.reset(); // the old actions first: no signal reaches an object that is gone
    stopped().store(nullptr);
}

} // namespace xylem::cli
