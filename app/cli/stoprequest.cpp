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
    struct sigaction action
    {
    };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_oldInt);
    sigaction(SIGTERM, &action, &m_oldTerm);
}

StopRequest::~StopRequest()
{
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
    stopped().store(nullptr);
}

} // namespace xylem::cli
