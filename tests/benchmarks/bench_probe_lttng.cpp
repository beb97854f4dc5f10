// The LTTng-UST peer for bench_probe: the same record through a tracepoint, while run_lttng.sh
// keeps a session recording it. Prints "lttng median <ns>"; "lttng disabled" when no session
// enabled the tracepoint (then there is nothing fair to measure).

#include "tests/benchmarks/lttng/lttngrecord.h"
#include "tests/benchmarks/recordtiming.h"

#include <cstdio>

int main()
{
    if (!xylem_lttng_enabled()) {
        std::printf("lttng disabled: no LTTng session enables xylem_bench:record\n");
        return 1;
    }
    const double tpn = xylem::bench::ticksPerNs();
    const auto cost = xylem::bench::perCallCost(1'000'000, tpn, [](std::int64_t i) {
        const auto down = static_cast<std::int64_t>(__rdtsc());
        const auto up = static_cast<std::int64_t>(__rdtsc());
        xylem_lttng_record(3, 1, i, 0, down, up);
    });
    std::printf("lttng: tracepoint with both timestamps: median %.1f ns, p99 %.1f ns\n",
                cost.median, cost.p99);
    std::printf("lttng median %.3f\n", cost.median);
    return 0;
}
