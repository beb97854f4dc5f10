#include "app/cli/mpikindreport.h"

#include "app/cli/durationformat.h"
#include "app/cli/texttable.h"
#include "core/analysis/reportjson.h"

namespace xylem::cli {

namespace {

const char* waitName(const RootedSummary& s)
{
    return s.oneToAll ? "Late Broadcast" : "root's wait (Early Reduce)";
}

} // namespace

void printKindHeader(std::ostream& out, const KindChoice& c)
{
    out << "MPI kind: " << describeGroup(c.trace, c.chosen)
        << (c.isDefault ? ", the most time (choose with --kind and --comm)" : "") << "\n";
    std::string others;
    for (const MpiKindGroup& g : c.groups) {
        if (g.communicator != c.chosen.communicator || g.call != c.chosen.call) {
            others += (others.empty() ? "" : ", ") + describeGroup(c.trace, g);
        }
    }
    if (!others.empty()) {
        out << "  other kinds: " << others << "\n";
    }
    out << "\n";
}

nlohmann::ordered_json kindToJson(const KindChoice& c)
{
    nlohmann::ordered_json j;
    j["call"] = std::string(mpiCallName(c.chosen.call));
    j["communicator"] = c.chosen.communicator;
    j["label"] = kindLabel(c.trace, c.chosen.communicator, c.chosen.call);
    j["stage_tree"] = formsStageTree(c.chosen.call);
    j["instances"] = c.chosen.instances;
    j["complete"] = c.chosen.complete;
    j["time_ns"] = c.chosen.timeNs;
    j["default"] = c.isDefault;
    j["mpi_run"] = c.run;
    nlohmann::ordered_json kinds = nlohmann::ordered_json::array();
    for (const MpiKindGroup& g : c.groups) {
        kinds.push_back({{"call", std::string(mpiCallName(g.call))},
                         {"communicator", g.communicator},
                         {"instances", g.instances},
                         {"complete", g.complete},
                         {"time_ns", g.timeNs}});
    }
    j["kinds"] = std::move(kinds);
    return j;
}

void printRootedSummary(std::ostream& out, const MpiTrace& trace, const RootedSummary& s)
{
    out << kindLabel(trace, s.communicator, s.call) << ": rooted, so no stage tree; " << s.complete
        << " complete of " << s.instances << " calls\n";
    out << "  " << waitName(s) << " per call: mean "
        << formatDuration(s.waitPerInstance.mean) << ", max "
        << formatDuration(s.waitPerInstance.max) << "\n";
    out << "  call time: root mean " << formatDuration(s.rootCallTime.mean) << ", others mean "
        << formatDuration(s.nonRootCallTime.mean) << "\n";
    out << "  late rank: "
        << (s.lateRank < 0 ? std::string("none (nobody waited)") : "r" + std::to_string(s.lateRank))
        << "\n";
    TextTable table({"rank", "root of", "mean call", "waited", "others waited for it",
                     "times late"});
    for (const RootedRank& r : s.ranks) {
        table.add({"r" + std::to_string(r.rank), std::to_string(r.asRoot),
                   formatDuration(r.callTime.mean), formatDuration(static_cast<double>(r.waitNs)),
                   formatDuration(static_cast<double>(r.causedNs)), std::to_string(r.lateCount)});
    }
    table.print(out);
}

nlohmann::ordered_json rootedSummaryToJson(const MpiTrace& trace, const RootedSummary& s)
{
    nlohmann::ordered_json j;
    j["label"] = kindLabel(trace, s.communicator, s.call);
    j["measure"] = s.oneToAll ? "late_broadcast" : "early_reduce";
    j["instances"] = s.instances;
    j["complete"] = s.complete;
    j["wait_per_call"] = statsToJson(s.waitPerInstance);
    j["root_call_time"] = statsToJson(s.rootCallTime);
    j["non_root_call_time"] = statsToJson(s.nonRootCallTime);
    j["late_rank"] = s.lateRank;
    nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
    for (const RootedRank& r : s.ranks) {
        ranks.push_back({{"rank", r.rank},
                         {"root_of", r.asRoot},
                         {"call_time", statsToJson(r.callTime)},
                         {"wait_ns", r.waitNs},
                         {"caused_ns", r.causedNs},
                         {"late_count", r.lateCount}});
    }
    j["ranks"] = std::move(ranks);
    return j;
}

void printStageGuard(std::ostream& out, const StageGuard& guard, const AnalysisReport& report)
{
    if (!guard.clean()) {
        out << "stage guard: " << describe(guard, report) << "\n";
    }
}

nlohmann::ordered_json stageGuardToJson(const StageGuard& guard, const AnalysisReport& report)
{
    nlohmann::ordered_json j;
    nlohmann::ordered_json negatives = nlohmann::ordered_json::array();
    for (const NegativeStage& n : guard.negatives) {
        negatives.push_back({{"thread", report.idOf(n.thread)},
                             {"wrapper", report.idOf(n.wrapper)},
                             {"stage", std::string(toString(n.stage))},
                             {"mean_ns", n.meanNs}});
    }
    j["negative_stages"] = std::move(negatives);
    j["residual_skew_ns"] = guard.residualSkewNs;
    j["explained_by_clocks"] = guard.explainedByClocks;
    j["note"] = describe(guard, report);
    return j;
}

} // namespace xylem::cli
