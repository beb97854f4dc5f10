#include "app/cli/stoprequest.h"

#include <atomic>

namespace xylem::cli {

namespace {

std::atomic<bool>& flag()
{
    static std::atomic<bool> stop{false};
    return stop;
}

void onSignal(int)
{
    flag().store(true);
}

} // namespace

StopRequest::StopRequest()
{
    flag().store(false);
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
}

bool StopRequest::requested() const
{
    return flag().load();
}

} // namespace xylem::cli
