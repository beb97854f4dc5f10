/* The probe provider of xylem_tp.h: compiled once, as C. */
#define TRACEPOINT_CREATE_PROBES
#define TRACEPOINT_DEFINE
#include "tests/benchmarks/lttng/xylem_tp.h"
