// Scope designs at scale (issue 18): reading a design file, validating it and planning its
// deployment (the topology), for a chain of 10 000 relays (the deepest design) and a tree of
// 100 000 nodes (the front-end, 316 relays, 316 collectors under each: a wide one). All three
// take linear time; before, validating the chain took 102 s (cubic).

#include "core/live/scopedeploy.h"
#include "core/live/scopedesignjson.h"
#include "tests/benchmarks/benchharness.h"

#include <cstdio>
#include <string>

using namespace xylem::live;

namespace {

DesignNode node(int id, DesignNodeKind kind, std::string host, int parent)
{
    DesignNode n;
    n.id = id;
    n.kind = kind;
    n.host = std::move(host);
    n.parent = parent;
    return n;
}

ScopeDesign chain(int relays)
{
    ScopeDesign design;
    design.nodes.push_back(node(1, DesignNodeKind::FrontEnd, "fe", kNoNode));
    for (int i = 0; i < relays; ++i) {
        design.nodes.push_back(node(i + 2, DesignNodeKind::Relay, "r" + std::to_string(i), i + 1));
    }
    design.nodes.push_back(node(relays + 2, DesignNodeKind::Collector, "n0", relays + 1));
    design.nextId = relays + 3;
    return design;
}

ScopeDesign wide(int relays, int collectorsEach)
{
    ScopeDesign design;
    design.nodes.push_back(node(1, DesignNodeKind::FrontEnd, "fe", kNoNode));
    int id = 2;
    for (int r = 0; r < relays; ++r) {
        const int relay = id++;
        design.nodes.push_back(node(relay, DesignNodeKind::Relay, "r" + std::to_string(r), 1));
        for (int c = 0; c < collectorsEach; ++c) {
            design.nodes.push_back(node(id++, DesignNodeKind::Collector,
                                        "n" + std::to_string(r) + "-" + std::to_string(c), relay));
        }
    }
    design.nextId = id;
    return design;
}

void measure(const char* name, const ScopeDesign& design)
{
    const std::string text = designToJson(design);
    bool good = true;
    const double read = xylem::bench::medianSeconds(3, [&] { good &= bool(designFromJson(text)); });
    const double validation =
        xylem::bench::medianSeconds(3, [&] { good &= validate(design).empty(); });
    const double planning =
        xylem::bench::medianSeconds(3, [&] { good &= bool(planDeployment(design)); });
    if (!good) {
        std::printf("%s: the design did not read, validate or plan\n", name);
    }
    std::printf("%s (%zu nodes): read %.4f s, validate %.4f s, plan %.4f s\n", name,
                design.nodes.size(), read, validation, planning);
    const std::string prefix = std::string("scope_design_") + name;
    xylem::bench::printFigure((prefix + "_validate_s").c_str(), validation, "s");
    xylem::bench::printFigure((prefix + "_plan_s").c_str(), planning, "s");
}

} // namespace

int main()
{
    measure("chain10000", chain(10000));
    measure("tree100000", wide(316, 316));
    return 0;
}
