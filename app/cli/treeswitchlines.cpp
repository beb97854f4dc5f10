#include "app/cli/treeswitchlines.h"

#include "app/cli/durationformat.h"

namespace xylem::cli {

std::vector<std::string> treeSwitchLines(const std::vector<store::TreeSwitchAt>& switches,
                                         std::optional<std::int64_t> runFirstNs)
{
    std::vector<std::string> lines;
    for (const store::TreeSwitchAt& s : switches) {
        const std::string at = s.startNs && runFirstNs
                                   ? formatDuration(static_cast<double>(*s.startNs - *runFirstNs))
                                   : std::string("-");
        const std::string collective =
            s.change.seq >= 0 ? " (world collective " + std::to_string(s.change.seq) + ")" : "";
        lines.push_back("call " + std::to_string(s.change.call) + collective + " at " + at +
                        ": switched to " + s.change.to +
                        (s.change.settle ? " (settled)" : " (trial block)"));
    }
    return lines;
}

nlohmann::ordered_json treeAdaptJson(const MpiTreeAdapt& adapt,
                                     const std::vector<store::TreeSwitchAt>& switches)
{
    nlohmann::ordered_json j{{"candidates", adapt.candidates},
                             {"block", adapt.block},
                             {"rounds", adapt.rounds},
                             {"settled", adapt.settled},
                             {"disagreements", adapt.disagreements},
                             {"blocks", nlohmann::ordered_json::array()},
                             {"switches", nlohmann::ordered_json::array()}};
    for (const MpiAdaptBlock& b : adapt.blocks) {
        j["blocks"].push_back(
            {{"tree", b.tree}, {"first_call", b.firstCall}, {"mean_ns", b.meanNs}});
    }
    for (const store::TreeSwitchAt& s : switches) {
        j["switches"].push_back(
            {{"call", s.change.call},
             {"seq", s.change.seq},
             {"to", s.change.to},
             {"settle", s.change.settle},
             {"start_ns", s.startNs ? nlohmann::ordered_json(*s.startNs) : nullptr}});
    }
    return j;
}

} // namespace xylem::cli
