/* An LTTng-UST tracepoint with the fields of a Xylem tuple: the peer the probe is measured
 * against in bench_probe (the same record, through LTTng's lockless per-CPU buffers). */
#undef TRACEPOINT_PROVIDER
#define TRACEPOINT_PROVIDER xylem_bench

#undef TRACEPOINT_INCLUDE
#define TRACEPOINT_INCLUDE "tests/benchmarks/lttng/xylem_tp.h"

#if !defined(XYLEM_TP_H) || defined(TRACEPOINT_HEADER_MULTI_READ)
#define XYLEM_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

TRACEPOINT_EVENT(xylem_bench, record,
                 TP_ARGS(uint32_t, collector, uint16_t, op, int64_t, seq, int16_t, ret, int64_t,
                         down, int64_t, up),
                 TP_FIELDS(ctf_integer(uint32_t, collector, collector) ctf_integer(uint16_t, op, op)
                               ctf_integer(int64_t, seq, seq) ctf_integer(int16_t, ret, ret)
                                   ctf_integer(int64_t, down, down) ctf_integer(int64_t, up, up)))

#endif

#include <lttng/tracepoint-event.h>
