#include "app/cli/sweeptable.h"

#include "app/cli/durationformat.h"
#include "app/cli/texttable.h"
#include "core/analysis/jsonnumber.h"

#include <cstdio>

namespace xylem::cli {

namespace {

std::string meanText(const tune::TrialResult& r)
{
    return formatDuration(r.meanNs) + " [" + formatDuration(r.ciLowerNs) + ", " +
           formatDuration(r.ciUpperNs) + "]";
}

std::string speedupText(const tune::SweepEntry& e)
{
    if (e.reference) {
        return "1 (reference)";
    }
    if (!e.speedup) {
        return "-";
    }
    const tune::Speedup& s = *e.speedup;
    return std::string(s.interval.noSignificantDifference() ? "≈ " : "") + formatRatio(s.value) +
           " [" + formatRatio(s.interval.lower) + ", " + formatRatio(s.interval.upper) + "]";
}

std::string callsText(const tune::TrialResult& r)
{
    std::string text = std::to_string(r.operationTimes.size());
    if (r.incompleteCalls > 0) {
        text += " (+" + std::to_string(r.incompleteCalls) + " incomplete)";
    }
    return text;
}

} // namespace

void printSweepLine(std::ostream& out, size_t index, size_t count, const tune::SweepEntry& e)
{
    out << "sweep " << index + 1 << "/" << count << " " << e.label << ": ";
    if (e.error) {
        out << "failed: " << e.error->describe() << '\n';
    } else if (e.result) {
        const tune::TrialResult& r = *e.result;
        out << "run " << r.run << ", " << callsText(r) << " calls, mean " << meanText(r)
            << ", speedup " << speedupText(e);
        if (r.incomplete) {
            out << " (gathering ended early: " << r.incomplete->describe() << ")";
        }
        out << '\n';
    }
    out.flush();
}

void printSweepTable(std::ostream& out, const std::vector<tune::SweepEntry>& entries)
{
    TextTable table({"trial", "run", "calls", "mean op time [95 % interval]",
                     "speedup vs reference [95 %]", "slowest class", "hottest stage"});
    for (const tune::SweepEntry& e : entries) {
        if (!e.ran) {
            table.add({e.label, "-", "-", "not run (stopped)", "-", "-", "-"});
        } else if (e.error) {
            table.add({e.label, "-", "-", "failed: " + e.error->describe(), "-", "-", "-"});
        } else if (e.result) {
            const tune::TrialResult& r = *e.result;
            const std::string hottest =
                r.hottestStage.empty()
                    ? "-"
                    : r.hottestStage + " (" + formatDuration(r.hottestStageNs) + ")";
            table.add({e.label, std::to_string(r.run), callsText(r), meanText(r), speedupText(e),
                       r.slowestClass.empty() ? "-" : r.slowestClass, hottest});
        }
    }
    table.print(out);
}

nlohmann::ordered_json sweepToJson(const std::string& sessionPath,
                                   const std::vector<tune::SweepEntry>& entries)
{
    nlohmann::ordered_json trials = nlohmann::ordered_json::array();
    for (const tune::SweepEntry& e : entries) {
        nlohmann::ordered_json t;
        t["label"] = e.label;
        t["ran"] = e.ran;
        t["reference"] = e.reference;
        if (e.error) {
            t["error"] = e.error->describe();
        }
        if (e.result) {
            const tune::TrialResult& r = *e.result;
            t["run"] = r.run;
            t["configuration"] = r.configuration.name();
            t["calls"] = r.operationTimes.size();
            t["incompleteCalls"] = r.incompleteCalls;
            t["meanNs"] = jsonNumber(r.meanNs);
            t["ciLowerNs"] = jsonNumber(r.ciLowerNs);
            t["ciUpperNs"] = jsonNumber(r.ciUpperNs);
            t["slowestClass"] = r.slowestClass;
            t["representative"] = r.representative;
            t["hottestStage"] = r.hottestStage;
            t["hottestStageNs"] = jsonNumber(r.hottestStageNs);
            t["wan"] = r.wan;
            if (r.incomplete) {
                t["incomplete"] = r.incomplete->describe();
            }
        }
        if (e.speedup) {
            t["speedup"] = jsonNumber(e.speedup->value);
            t["speedupLower"] = jsonNumber(e.speedup->interval.lower);
            t["speedupUpper"] = jsonNumber(e.speedup->interval.upper);
            t["noSignificantDifference"] = e.speedup->interval.noSignificantDifference();
        }
        trials.push_back(std::move(t));
    }
    nlohmann::ordered_json doc;
    doc["session"] = sessionPath;
    doc["trials"] = std::move(trials);
    return doc;
}

} // namespace xylem::cli
