#include "app/cli/nodetroubles.h"

#include <cstdio>

namespace xylem::cli {

namespace {

std::string secondsText(double s)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", s);
    return text;
}

// "h2 at 5.2 s, h3 at 5.2 s" (three at most, then how many more).
std::string namedOpen(const live::ScopeAccounting& a, bool lost)
{
    std::string text;
    size_t named = 0;
    size_t more = 0;
    for (const live::NodeTrouble& t : a.troubles) {
        if (t.lost != lost || t.until) {
            continue;
        }
        if (named == 3) {
            ++more;
            continue;
        }
        text += (named++ == 0 ? "" : ", ") + (t.role == "collector" ? "" : t.role + " ") + t.host +
                (lost ? " at " : " since ") + secondsText(t.since);
    }
    return more == 0 ? text : text + " and " + std::to_string(more) + " more";
}

std::string lineOf(const live::NodeTrouble& t)
{
    std::string text = std::string(t.lost ? "lost " : "slow ") + t.role + " " + t.host + " (node " +
                       std::to_string(t.node) + ")";
    if (t.until) {
        text += " from " + secondsText(t.since) + " to " + secondsText(*t.until);
    } else {
        text += (t.lost ? " at " : " since ") + secondsText(t.since) +
                (t.lost ? "" : ", not answering at the end");
    }
    text += ": " + t.reason;
    if (!t.backReason.empty()) {
        text += "; " + t.backReason;
    }
    if (t.lastCounts && !t.until) {
        text += "; its last counts: " + std::to_string(t.lastCounts->written) + " written, " +
                std::to_string(t.lastCounts->read) + " read, " +
                std::to_string(t.lastCounts->overwritten) +
                " overwritten (what its program recorded after is not counted)";
    }
    return text;
}

} // namespace

std::string troublesStatus(const live::ScopeAccounting& a)
{
    std::string text = std::to_string(a.lost.size()) + " lost";
    if (const std::string lost = namedOpen(a, true); !lost.empty()) {
        text += " (" + lost + ")";
    }
    if (!a.slow.empty()) {
        text += ", " + std::to_string(a.slow.size()) + " slow";
        if (const std::string slow = namedOpen(a, false); !slow.empty()) {
            text += " (" + slow + ")";
        }
    }
    return text;
}

std::vector<std::string> troubleLines(const std::vector<live::NodeTrouble>& troubles,
                                      std::uint64_t notListed)
{
    std::vector<std::string> lines;
    for (const live::NodeTrouble& t : troubles) {
        lines.push_back(lineOf(t));
    }
    if (notListed > 0) {
        lines.push_back(std::to_string(notListed) +
                        " more times a node was lost or slow (not listed)");
    }
    return lines;
}

} // namespace xylem::cli
