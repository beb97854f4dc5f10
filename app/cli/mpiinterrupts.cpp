#include "app/cli/mpiinterrupts.h"

#include <atomic>

namespace xylem::cli {

namespace {

std::atomic<int>& interrupts()
{
    static std::atomic<int> count{0};
    return count;
}

std::atomic<int>& lastInterrupt()
{
    static std::atomic<int> signal{0};
    return signal;
}

void onInterrupt(int signal)
{
    lastInterrupt().store(signal);
    interrupts().fetch_add(1);
}

} // namespace

InterruptCount::InterruptCount()
{
    interrupts().store(0);
    lastInterrupt().store(0);
    struct sigaction action
    {
    };
    action.sa_handler = onInterrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_oldInt);
    sigaction(SIGTERM, &action, &m_oldTerm);
}

InterruptCount::~InterruptCount()
{
    sigaction(SIGINT, &m_oldInt, nullptr);
    sigaction(SIGTERM, &m_oldTerm, nullptr);
}

int InterruptCount::count() const
{
    return interrupts().load();
}

int InterruptCount::lastSignal() const
{
    return lastInterrupt().load();
}

} // namespace xylem::cli
