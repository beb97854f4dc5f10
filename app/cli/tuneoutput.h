#pragma once

// What `xylem-cli tune` prints: a line per try as the tuner reports it, the path it climbed and
// the best tree with its speedup against the start; or all of it as one JSON object (--json).

#include "core/tune/tuner.h"

#include <nlohmann/json.hpp>
#include <string>

namespace xylem::cli {

// "tune 2: move gred gred to A: run 6, 400 calls, mean 4.20 ms [4.10 ms, 4.30 ms],
//  speedup 1.98x [1.95, 2.01] against tune 1 — moved"
std::string tryLine(const tune::TuneTry& attempt);
// "path: tune 1: start (8.31 ms) > tune 2: move gred gred to A (4.20 ms, 1.98x)"
std::string pathLine(const tune::TuneOutcome& outcome);
// "best: tune 2: move gred gred to A (run 6), mean 4.20 ms, speedup 1.98x [1.95, 2.01] against
//  the start"; the start itself when no move was better beyond its interval.
std::string bestLine(const tune::TuneOutcome& outcome);
// "1.98x [1.95, 2.01]"
std::string speedupText(const tune::Speedup& speedup);

nlohmann::json tuneToJson(const tune::TuneOutcome& outcome);

} // namespace xylem::cli
