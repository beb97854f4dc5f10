#pragma once

// The wait-state report (waitstates.h) as the `wait_states` object of `xylem-cli analyze --json`:
//
//   { mpi_time_ns, collective_instances, incomplete_instances, unmatched_sends,
//     unmatched_receives,
//     patterns: { wait_at_nxn | late_broadcast | early_reduce | late_sender | late_receiver |
//                 wait_at_barrier:
//       { name, time_ns, grid_ns, waits, share_of_mpi_time, main_cause (rank or null),
//         ranks: [ {rank, time_ns, grid_ns, waits, caused_ns} ... every rank ],
//         call_sites: [ {call: "MPI_Allreduce", communicator, time_ns, grid_ns, waits} ... ],
//         communicators: [ {communicator, time_ns, grid_ns, waits} ... where waited ] } } }

#include "core/analysis/waitstates.h"

#include <nlohmann/json.hpp>

namespace xylem {

nlohmann::ordered_json waitStatesToJson(const WaitStateReport& report);

} // namespace xylem
