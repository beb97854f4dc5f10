#include "app/cli/tuneoutput.h"

#include "app/cli/durationformat.h"

#include <cstdio>

namespace xylem::cli {

namespace {

nlohmann::json speedupJson(const tune::Speedup& s)
{
    return {{"value", s.value},
            {"lower", s.interval.lower},
            {"upper", s.interval.upper},
            {"confidence", s.interval.confidence}};
}

} // namespace

std::string speedupText(const tune::Speedup& speedup)
{
    return formatRatio(speedup.value, 2) + "x [" + formatRatio(speedup.interval.lower, 2) + ", " +
           formatRatio(speedup.interval.upper, 2) + "]";
}

std::string tryLine(const tune::TuneTry& attempt)
{
    std::string line = attempt.label + ":";
    if (attempt.result) {
        const tune::TrialResult& r = *attempt.result;
        line += " run " + std::to_string(r.run) + ", " + std::to_string(r.operationTimes.size()) +
                " calls, mean " + formatDuration(r.meanNs) + " [" + formatDuration(r.ciLowerNs) +
                ", " + formatDuration(r.ciUpperNs) + "]";
    }
    if (attempt.speedup) {
        line += ", speedup " + speedupText(*attempt.speedup) + " against tune " +
                std::to_string(attempt.from);
        line += attempt.moved ? " - moved" : attempt.improves() ? "" : " - not better";
    }
    if (attempt.error) {
        line += " failed: " + attempt.error->describe();
    }
    return line;
}

std::string pathLine(const tune::TuneOutcome& outcome)
{
    std::string line = "path:";
    for (size_t i = 0; i < outcome.path.size(); ++i) {
        const tune::TuneTry& t = outcome.tries[static_cast<size_t>(outcome.path[i])];
        line += (i ? " > " : " ") + t.label + " (" + formatDuration(t.result->meanNs);
        if (t.speedup) {
            line += ", " + formatRatio(t.speedup->value, 2) + "x";
        }
        line += ")";
    }
    return line;
}

std::string bestLine(const tune::TuneOutcome& outcome)
{
    const tune::TuneTry& best = outcome.bestTry();
    std::string line = "best: " + best.label + " (run " + std::to_string(best.result->run) +
                       "), mean " + formatDuration(best.result->meanNs);
    if (outcome.bestSpeedup) {
        line += ", speedup " + speedupText(*outcome.bestSpeedup) + " against the start";
    } else {
        line += ": no neighbour was faster beyond its interval";
    }
    return line;
}

nlohmann::json tuneToJson(const tune::TuneOutcome& outcome)
{
    nlohmann::json tries = nlohmann::json::array();
    for (const tune::TuneTry& t : outcome.tries) {
        nlohmann::json j{{"try", t.index},     {"label", t.label},       {"heuristic", t.heuristic},
                         {"reason", t.reason}, {"evidence", t.evidence}, {"from", t.from},
                         {"moved", t.moved}};
        if (t.result) {
            j["run"] = t.result->run;
            j["calls"] = t.result->operationTimes.size();
            j["mean_ns"] = t.result->meanNs;
            j["mean_lower_ns"] = t.result->ciLowerNs;
            j["mean_upper_ns"] = t.result->ciUpperNs;
            j["slowest_class"] = t.result->slowestClass;
            j["hottest_stage"] = t.result->hottestStage;
        }
        if (t.speedup) {
            j["speedup"] = speedupJson(*t.speedup);
            j["improves"] = t.improves(); // its interval above min_speedup
            j["min_speedup"] = t.minSpeedup;
        }
        if (t.error) {
            j["error"] = t.error->describe();
        }
        tries.push_back(std::move(j));
    }
    nlohmann::json path = nlohmann::json::array();
    for (int p : outcome.path) {
        path.push_back(outcome.tries[static_cast<size_t>(p)].index);
    }
    nlohmann::json out{
        {"tries", std::move(tries)},         {"path", std::move(path)},
        {"best", outcome.bestTry().index},   {"best_run", outcome.bestTry().result->run},
        {"stop_reason", outcome.stopReason}, {"stopped", outcome.stopped}};
    out["best_speedup"] =
        outcome.bestSpeedup ? speedupJson(*outcome.bestSpeedup) : nlohmann::json();
    return out;
}

} // namespace xylem::cli
