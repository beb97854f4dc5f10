#include "core/analysis/overtimejson.h"

#include "core/analysis/jsonnumber.h"

namespace xylem {

namespace {

using Json = nlohmann::ordered_json;

Json idOrNull(const Configuration& config, int wrapper)
{
    return wrapper < 0 ? Json(nullptr) : Json(config.wrapper(wrapper).id);
}

} // namespace

Json overTimeToJson(const Configuration& config, const OverTime& series)
{
    Json culprits = Json::array();
    for (const CulpritBucket& c : series.culprits) {
        culprits.push_back({{"thread", idOrNull(config, c.thread)},
                            {"last_at_root", c.lastAtRoot},
                            {"share", jsonNumber(c.share)}});
    }
    Json stages = Json::array();
    for (const StageOverTime& s : series.stages) {
        stages.push_back({{"stage", toString(s.stage)},
                          {"wrapper", config.wrapper(s.wrapper).id},
                          {"direction", toString(s.direction)},
                          {"mean_ns", jsonNumbers(s.meanNs)}});
    }
    Json threads = Json::object();
    for (const ThreadOverTime& t : series.threads) {
        threads[config.wrapper(t.thread).id] = {{"mean_ns", jsonNumbers(t.meanNs)},
                                                {"max_ns", jsonNumbers(t.maxNs)}};
    }
    return {{"origin_ns", series.firstDownNs}, {"bucket_ns", series.widthNs},
            {"buckets", series.bucketCount()}, {"calls", series.calls},
            {"culprit", std::move(culprits)},  {"path_thread", idOrNull(config, series.pathThread)},
            {"stages", std::move(stages)},     {"threads", std::move(threads)}};
}

Json periodicOutliersToJson(const Configuration& config, const PeriodicOutliers& p)
{
    const auto ifPeriodic = [&](const Json& v) {
        return p.periodic ? v : Json(nullptr);
    };
    return {{"periodic", p.periodic},
            {"median_ns", p.medianNs},
            {"slow_threshold_ns", p.thresholdNs},
            {"slow_calls", p.slowCalls},
            {"strikes", p.strikes},
            {"period_ns", ifPeriodic(p.periodNs)},
            {"phase_ns", ifPeriodic(p.phaseNs)},
            {"tolerance_ns", ifPeriodic(p.toleranceNs)},
            {"strength", ifPeriodic(p.strength)},
            {"false_alarm", ifPeriodic(p.falseAlarm)},
            {"matched_strikes", ifPeriodic(p.matchedStrikes)},
            {"teeth", ifPeriodic(p.teeth)},
            {"hits", ifPeriodic(p.hits)},
            {"matched_calls", ifPeriodic(p.matchedCalls)},
            {"mean_extra_ns", ifPeriodic(p.meanExtraNs)},
            {"victim", ifPeriodic(idOrNull(config, p.victim))},
            {"victim_share", ifPeriodic(p.victimShare)}};
}

void addOverTimeJson(Json& report, const Configuration& config, const OverTimeAnalysis& analysis)
{
    report["over_time"] = overTimeToJson(config, analysis.series);
    report["periodic_outliers"] = periodicOutliersToJson(config, analysis.periodic);
}

} // namespace xylem
