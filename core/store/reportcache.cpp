#include "core/store/reportcache.h"

#include "core/analysis/analyzer.h"
#include "core/analysis/reportjson.h"
#include "core/store/attachments.h"
#include "core/store/progress.h"
#include "core/store/runcatalog.h"
#include "core/store/storedclocks.h"

namespace xylem::store {

namespace {
constexpr const char* kReportKind = "report.json";
}

Result<std::string> reportJson(Session& session, std::int64_t run)
{
    return reportJson(session, run, Progress{});
}

Result<std::string> reportJson(Session& session, std::int64_t run, const Progress& progress)
{
    auto info = runInfo(session, run);
    if (!info) {
        return info.error();
    }
    const bool finished = info->status != RunStatus::Recording;
    if (finished) {
        auto cached = cachedResult(session, run, kReportKind, kAnalysisEngineVersion);
        if (!cached) {
            return cached.error();
        }
        if (cached.value()) {
            return *cached.value();
        }
    }
    auto report = analyzeStoredRun(session, run, progress);
    if (!report) {
        return report.error();
    }
    std::string json = reportToJson(report.value()).dump(1);
    if (finished && session.writable()) {
        // A cache that cannot be written (a full disk) costs only time: the report stands.
        (void)storeCachedResult(session, run, kReportKind, kAnalysisEngineVersion, json);
    }
    return json;
}

} // namespace xylem::store
