#pragma once

// The record of `xylem-cli mpi --adapt`'s run-time tuner stored with a run (core/store/
// mpitreeadapt.h), as `info` shows it: one line per switch of the world's MPI_Allreduce tree
// ("run 3: call 16 (world collective 16) at 0.204 s: switched to binomial (settled)"), and in
// --json the whole record with each switch's start, so that which tree ran each call can be
// read from the session instead of the run's notes.

#include "core/model/mpitracejson.h"
#include "core/store/mpitreeadapt.h"

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace xylem::cli {

// One line per switch; its time is from the run's first ns (runFirstNs), "-" when unknown.
std::vector<std::string> treeSwitchLines(const std::vector<store::TreeSwitchAt>& switches,
                                         std::optional<std::int64_t> runFirstNs);
// {"candidates", "block", "rounds", "settled", "disagreements", "blocks": [{"tree",
// "first_call", "mean_ns"}], "switches": [{"call", "seq", "to", "settle", "start_ns"}]};
// start_ns null when the call is not in the trace.
nlohmann::ordered_json treeAdaptJson(const MpiTreeAdapt& adapt,
                                     const std::vector<store::TreeSwitchAt>& switches);

} // namespace xylem::cli
