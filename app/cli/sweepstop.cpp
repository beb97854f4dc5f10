#include "app/cli/sweepstop.h"

#include <atomic>

namespace xylem::cli {

namespace {

std::atomic<tune::Sweep*>& stopped()
{
    static std::atomic<tune::Sweep*> sweep{nullptr};
    return sweep;
}
static_assert(std::atomic<tune::Sweep*>::is_always_lock_free);

void onSignal(int)
{
    if (tune::Sweep* sweep = stopped().load()) {
        sweep->stopFromSignal();
    }
}

} // namespace

SweepStopRequest::SweepStopRequest(tune::Sweep& sweep)
{
    stopped().store(&sweep);
    m_signals.emplace(onSignal);
}

SweepStopRequest::~SweepStopRequest()
{
    m_signals.reset(); // the old actions first: no signal reaches a sweep that is gone
    stopped().store(nullptr);
}

} // namespace xylem::cli
