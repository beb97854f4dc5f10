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
    m_signals.emplace(onInterrupt);
}

InterruptCount::~InterruptCount() = default;

int InterruptCount::count() const
{
    return interrupts().load();
}

int InterruptCount::lastSignal() const
{
    return lastInterrupt().load();
}

} // namespace xylem::cli
