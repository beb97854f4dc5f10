#pragma once

// The tuner's moves: from a configuration and the analysis of a run of it, the configurations
// one reconfiguration away, each with the heuristic of the PATHS paper it follows and the
// evidence in words. A pure function, so that what the tuner would try next can be tested on
// any analysed trace without recording anything.
//
// The heuristics (PATHS, §4: "the right balance between load on root hosts and number of
// network links"; moving greds; adding or removing a level):
//   - move gred: the gred whose heaviest last-arrival edge (metrics.md §3) comes from another
//     host moves to that host, so the late path loses its network hop (the root gred takes
//     its core along when they shared a host);
//   - add level: a gred whose departure serialization (§5) is steep gets its children split
//     into groups under new greds (by host when they span hosts, else into √P groups);
//   - remove level: a gred that adds a hop without fan-in (one child, or at most two children
//     on its parent's host) is taken out, its children joining its parent;
//   - move root: a core on another host than the gred under it moves to that gred's host;
//   - regroup: children of one gred that cross to it separately from one remote cluster are
//     joined first under a new gred in that cluster, one wide hop instead of several.
// Every neighbour is laid out again with a proxy wherever an edge crosses hosts (as
// treegenerator.h does) and validated by Configuration::create.

#include "core/analysis/report.h"
#include "core/model/configuration.h"
#include "core/model/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem::tune {

enum class Heuristic
{
    MoveGred,
    AddLevel,
    RemoveLevel,
    MoveRoot,
    Regroup,
};

std::string_view toString(Heuristic heuristic);

struct Neighbour
{
    Neighbour(Heuristic h, std::string changeText, std::string reasonText, double weight,
              Configuration config)
        : heuristic(h)
        , change(std::move(changeText))
        , reason(std::move(reasonText))
        , evidence(weight)
        , configuration(std::move(config))
    {
    }

    Heuristic heuristic;
    std::string change; // what changes, short ("move gred gred to C"); also the tree's name
    std::string reason; // what changes and why, with the evidence, in words
    // How strongly the analysis points at this move, 0..1: the share of calls or of the
    // operation time the problem it addresses accounts for. Neighbours come largest first.
    double evidence = 0;
    Configuration configuration;
};

struct NeighbourOptions
{
    // A gred's serialization is steep when the rise over its departures is at least this share
    // of its last departure's time (t4 of the last minus t3).
    double steepShare = 0.25;
};

// The report must carry the configuration it analysed and at least one complete call. The
// neighbours are distinct, differ from the configuration, and come best-first.
Result<std::vector<Neighbour>> neighboursOf(const AnalysisReport& report,
                                            const NeighbourOptions& options = {});

} // namespace xylem::tune
