#include "core/analysis/overlaytimemap.h"

#include "core/analysis/comparison.h"

namespace xylem {

Result<std::vector<OverlayTimemap>> overlayTimemaps(const AnalysisReport& reference,
                                                    const std::vector<const AnalysisReport*>& runs,
                                                    const std::optional<std::string>& thread)
{
    if (reference.threads.empty()) {
        return makeError(ErrorCode::InvalidArgument, "the reference run has no threads");
    }
    std::vector<OverlayTimemap> maps;
    maps.reserve(runs.size());
    for (const AnalysisReport* run : runs) {
        OverlayTimemap map;
        if (run && !run->threads.empty()) {
            // The thread compareRuns would compare with the reference's: one rule for both.
            XYLEM_TRY(compared, compareRuns(reference, *run, thread));
            const std::string& id = compared.value().b.thread;
            if (const ThreadReport* t = run->thread(run->configuration->indexOf(id))) {
                map = {id, t->callTime.mean, t->pathLength, t->timemap,
                       layoutTimemap(*t), {}};
                for (const TimemapStage& s : t->timemap) {
                    map.wrappers.push_back(run->idOf(s.wrapper));
                }
            }
        }
        maps.push_back(std::move(map));
    }
    return maps;
}

} // namespace xylem
