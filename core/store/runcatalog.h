#pragma once

// The runs of a session: what they are, and renaming, annotating and deleting them.

#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/store/session.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xylem::store {

enum class RunStatus
{
    Recording,   // being written, or its writer died (see recoverInterruptedRuns)
    Complete,    // finished normally
    Interrupted, // its writer died; the committed tuples were kept and summarised
};

std::string_view toString(RunStatus status);

struct RunMetadata
{
    std::string name;
    std::string recordedAt; // ISO 8601; empty means now
    std::string source;     // how it was recorded: "import", "live", "otf2", ...
    std::string clock;      // which clock the timestamps use: "tsc", "clock_gettime", ...
    std::string notes;
};

struct RunInfo
{
    std::int64_t id = 0;
    RunMetadata metadata;
    RunStatus status = RunStatus::Recording;
    std::string configurationName;
    int wrappers = 0;
    int threads = 0;
    std::int64_t tuples = 0;
    std::int64_t calls = 0;
    std::int64_t incompleteCalls = 0;
    std::optional<std::int64_t> firstNs; // earliest down
    std::optional<std::int64_t> lastNs;  // latest up
    std::int64_t storedBytes = 0;        // encoded tuple chunks
};

Result<std::vector<RunInfo>> listRuns(Session& session);
Result<RunInfo> runInfo(Session& session, std::int64_t run);
Result<Configuration> runConfiguration(Session& session, std::int64_t run);

Result<Ok> renameRun(Session& session, std::int64_t run, const std::string& name);
Result<Ok> setRunNotes(Session& session, std::int64_t run, const std::string& notes);
Result<Ok> deleteRun(Session& session, std::int64_t run);

// The run a command means: the one given, or the only one; an error that lists the runs when
// there are several and none was given.
Result<std::int64_t> resolveRun(Session& session, std::optional<std::int64_t> run);

} // namespace xylem::store
