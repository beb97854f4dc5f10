#include "core/tune/sweepmpi.h"

#include "core/model/ranktree.h"
#include "core/tune/sweepplan.h"

#include <cctype>
#include <filesystem>

namespace xylem::tune {

Result<std::string> mpiKindName(const std::string& kind)
{
    if (kind.empty()) {
        return makeError(ErrorCode::InvalidArgument, "--kind: name a collective (MPI_Allreduce)");
    }
    if (kind.starts_with("MPI_")) {
        return kind;
    }
    std::string name = "MPI_" + kind;
    name[4] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[4])));
    for (size_t i = 5; i < name.size(); ++i) {
        name[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(name[i])));
    }
    return name;
}

Result<std::vector<MpiTrialSpec>> planMpiTrees(const std::vector<std::string>& trees,
                                               const record::MpiRecordRequest& base,
                                               const std::string& kind)
{
    if (trees.empty()) {
        return makeError(ErrorCode::InvalidArgument, "--trees: name at least one tree");
    }
    if (trees.size() > kMaxSweepTrials) {
        return makeError(ErrorCode::InvalidArgument,
                         "--trees: " + std::to_string(trees.size()) + " trees, more than " +
                             std::to_string(kMaxSweepTrials));
    }
    if (base.command.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "give the MPI command after --: -- mpirun -np 4 PROGRAM");
    }
    XYLEM_TRY(name, mpiKindName(kind));
    std::vector<MpiTrialSpec> trials;
    for (const std::string& text : trees) {
        auto spec = parseRankTreeSpec(text);
        if (!spec) {
            return makeError(ErrorCode::InvalidArgument,
                             "--trees: '" + text + "': " + spec.error().describe());
        }
        MpiTrialSpec trial{text, base, name.value()};
        trial.request.tree = spec->shape == RankTreeShape::File
                                 ? std::filesystem::absolute(spec->path).string()
                                 : text;
        trial.request.name = "sweep " + text;
        trials.push_back(std::move(trial));
    }
    return trials;
}

Result<TrialResult> mpiTrialResultOf(const MpiTrialSpec& spec,
                                     const record::MpiRecordingOutcome& outcome)
{
    const std::string world = spec.kind + " on MPI_COMM_WORLD";
    const record::StoredMpiRun* chosen = nullptr;
    std::string stored;
    for (const record::StoredMpiRun& run : outcome.runs) {
        stored += (stored.empty() ? "" : ", ") + run.label;
        if (run.label == world || (!chosen && run.label.starts_with(spec.kind + " on "))) {
            chosen = &run;
        }
    }
    if (!chosen) {
        return makeError(ErrorCode::NotFound,
                         "the program made no " + spec.kind + " call the recording could store" +
                             (stored.empty() ? std::string(" (nothing was stored)")
                                             : " (its runs: " + stored + ")"),
                         spec.label);
    }
    return summarizeRun(outcome.sessionPath, chosen->id, spec.label);
}

} // namespace xylem::tune
