#include "app/cli/tunestop.h"

#include <atomic>

namespace xylem::cli {

namespace {

std::atomic<tune::Tuner*>& stopped()
{
    static std::atomic<tune::Tuner*> tuner{nullptr};
    return tuner;
}
static_assert(std::atomic<tune::Tuner*>::is_always_lock_free);

void onSignal(int)
{
    if (tune::Tuner* tuner = stopped().load()) {
        tuner->stopFromSignal();
    }
}

} // namespace

TuneStopRequest::TuneStopRequest(tune::Tuner& tuner)
{
    stopped().store(&tuner);
    m_signals.emplace(onSignal);
}

TuneStopRequest::~TuneStopRequest()
{
    m_signals.reset(); // the old actions first: no signal reaches a tuner that is gone
    stopped().store(nullptr);
}

} // namespace xylem::cli
