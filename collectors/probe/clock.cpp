#include "collectors/probe/clock.h"

#ifdef XYLEM_HAS_TSC
#include <cpuid.h>
#endif

namespace xylem::probe {

ClockKind detectClock()
{
#ifdef XYLEM_HAS_TSC
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    // CPUID leaf 0x80000007, EDX bit 8: invariant TSC.
    if (__get_cpuid(0x80000000, &eax, &ebx, &ecx, &edx) && eax >= 0x80000007 &&
        __get_cpuid(0x80000007, &eax, &ebx, &ecx, &edx) && (edx & (1u << 8))) {
        return ClockKind::Tsc;
    }
#endif
    return ClockKind::Monotonic;
}

} // namespace xylem::probe
