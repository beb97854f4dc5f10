#include "collectors/ring/busguard.h"

#include <atomic>
#include <csetjmp>
#include <csignal>
#include <mutex>

namespace xylem::ring {

namespace {

struct GuardFrame
{
    sigjmp_buf resume;
    const char* begin;
    const char* end;
};

// The innermost guarded access of this thread; read by the handler on the faulting thread.
thread_local GuardFrame* t_frame = nullptr;

struct sigaction g_previous; // the disposition before ours, for every SIGBUS that is not ours

void onBus(int signal, siginfo_t* info, void* context)
{
    GuardFrame* frame = t_frame;
    const auto* address = static_cast<const char*>(info->si_addr);
    if (frame && address >= frame->begin && address < frame->end) {
        siglongjmp(frame->resume, 1);
    }
    if (g_previous.sa_flags & SA_SIGINFO) {
        g_previous.sa_sigaction(signal, info, context);
        return;
    }
    if (g_previous.sa_handler != SIG_DFL && g_previous.sa_handler != SIG_IGN) {
        g_previous.sa_handler(signal);
        return;
    }
    // Not ours and nobody else's: the default action, as if we had never been here. Returning
    // runs the faulting instruction again, which now faults under the default.
    ::sigaction(SIGBUS, &g_previous, nullptr);
}

void install()
{
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action
        {
        };
        action.sa_sigaction = onBus;
        sigemptyset(&action.sa_mask);
        // SA_NODEFER: SIGBUS stays unblocked in the handler, so leaving it by siglongjmp (which
        // then need not restore a signal mask, and so makes no system call) leaves the thread's
        // mask as it was.
        action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
        ::sigaction(SIGBUS, &action, &g_previous);
    });
}

} // namespace

bool guardedAccess(const void* begin, size_t bytes, void (*body)(void*), void* context)
{
    install();
    GuardFrame frame;
    frame.begin = static_cast<const char*>(begin);
    frame.end = frame.begin + bytes;
    GuardFrame* const outer = t_frame;
    if (sigsetjmp(frame.resume, 0) != 0) {
        t_frame = outer;
        std::atomic_signal_fence(std::memory_order_seq_cst);
        return false;
    }
    t_frame = &frame;
    std::atomic_signal_fence(std::memory_order_seq_cst); // armed before body's first load
    body(context);
    std::atomic_signal_fence(std::memory_order_seq_cst); // disarmed after its last
    t_frame = outer;
    return true;
}

} // namespace xylem::ring
