#include "app/cli/stoprequest.h"

#include <atomic>

namespace xylem::cli {

namespace {

std::atomic<record::RecordingSession*>& stopped()
{
    static std::atomic<record::RecordingSession*> session{nullptr};
    return session;
}

static_assert(std::atomic<record::RecordingSession*>::is_always_lock_free);

void onSignal(int)
{
    if (record::RecordingSession* session = stopped().load()) {
        session->stopFromSignal();
    }
}

} // namespace

StopRequest::StopRequest(record::RecordingSession& session)
{
    stopped().store(&session);
    m_signals.emplace(onSignal);
}

StopRequest::~StopRequest()
{
    m_signals.reset(); // the old actions first: no signal reaches a session that is gone
    stopped().store(nullptr);
}

} // namespace xylem::cli
