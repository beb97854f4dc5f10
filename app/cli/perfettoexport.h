#pragma once

// `xylem-cli export --session S [--run N] --perfetto F.json`: the run as a Chrome trace event
// file for Perfetto's UI (core/export/perfettotrace.h), after export parsed the options.

#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace xylem::cli {

Result<Ok> exportRunPerfetto(const std::string& sessionPath, std::optional<std::int64_t> run,
                             const std::string& file, std::ostream& out, std::ostream& err);

} // namespace xylem::cli
