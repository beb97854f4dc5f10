#pragma once

// The OTF2 side of import and export (core/otf2): an archive becomes a run with its MPI data
// and clock model; a run (its MPI data, or else its tuples) becomes an archive.

#include "app/cli/commands.h"
#include "core/model/result.h"

#include <cstdint>
#include <optional>
#include <ostream>

namespace xylem::cli {

// `xylem-cli import ARCHIVE.otf2 -o S.xylem [--name NAME] [--notes TEXT]`; args are the words
// after the archive.
int runImportOtf2(const std::string& anchor, const Args& args, std::ostream& out,
                  std::ostream& err);

// Whether the import's first word names an OTF2 archive (by the anchor file's extension).
bool isOtf2Anchor(const std::string& word);

// `xylem-cli export --otf2 DIR --session S [--run N]`, after export parsed the options.
Result<Ok> exportRunOtf2(const std::string& sessionPath, std::optional<std::int64_t> run,
                         const std::string& directory, std::ostream& out, std::ostream& err);

} // namespace xylem::cli
