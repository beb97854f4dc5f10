#pragma once

// What `xylem-cli record` reads from its options: the recording's request (core/record,
// recordrequest.h), and the options of a generated tree that `generate` shares.

#include "app/cli/arguments.h"
#include "app/cli/optionspec.h"
#include "core/model/treegenerator.h"
#include "core/record/recordrequest.h"

#include <chrono>

namespace xylem::cli {

// The options of a generated tree, as generate and record describe them: --threads, --shape,
// --arity, --root (not --hosts, which each says in its own words).
std::vector<OptionSpec> treeShapeOptions();
// --hosts/--threads/--shape/--arity/--root/--name as `xylem-cli generate` takes them.
Result<TreeSpec> treeSpecFromArguments(const Arguments& a);

// "500ms", "10s", "2m" or a number of seconds.
Result<std::chrono::milliseconds> parseDuration(const std::string& text);

// record's options as a request; -o or --session names the session file.
Result<record::RecordRequest> recordRequestFrom(const Arguments& a);

} // namespace xylem::cli
