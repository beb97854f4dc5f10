#include "tests/benchmarks/lttng/xylem_tp.h"

#include <stdint.h>

void xylem_lttng_record(uint32_t collector, uint16_t op, int64_t seq, int16_t ret, int64_t down, int64_t up)
{
    tracepoint(xylem_bench, record, collector, op, seq, ret, down, up);
}

int xylem_lttng_enabled(void)
{
    return tracepoint_enabled(xylem_bench, record) ? 1 : 0;
}
