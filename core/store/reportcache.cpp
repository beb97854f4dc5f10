#include "core/store/reportcache.h"

#include "core/analysis/analyzer.h"
#include "core/store/attachments.h"
#include "core/store/runcatalog.h"

namespace xylem::store {

Result<std::string> keptAnalysis(Session& session, std::int64_t run, const std::string& kind,
                                 const std::function<Result<std::string>()>& make)
{
    XYLEM_TRY(info, runInfo(session, run));
    const bool finished = info->status != RunStatus::Recording;
    if (finished) {
        XYLEM_TRY(kept, cachedResult(session, run, kind, kAnalysisEngineVersion));
        if (kept.value()) {
            return *kept.value();
        }
    }
    XYLEM_TRY(made, make());
    if (finished && session.writable()) {
        // A document that cannot be kept (a full disk) costs only time: it stands.
        (void)storeCachedResult(session, run, kind, kAnalysisEngineVersion, made.value());
    }
    return made;
}

} // namespace xylem::store
