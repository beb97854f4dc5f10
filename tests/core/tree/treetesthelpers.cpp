#include "tests/core/tree/treetesthelpers.h"

#include "core/gather/topology.h"

#include <cstdio>

namespace xylem::tree::testing {

FrontEndOptions localTree(const std::vector<std::uint32_t>& levels)
{
    FrontEndOptions options;
    options.topology = gather::levelTopology(levels, "localhost").value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.startTimeout = std::chrono::seconds(20);
    options.log = [](const std::string& line) {
        std::fprintf(stderr, "front-end: %s\n", line.c_str());
    };
    return options;
}

std::unique_ptr<FrontEnd> startTree(FrontEndOptions options)
{
    auto tree = FrontEnd::start(std::move(options));
    if (!tree) {
        std::fprintf(stderr, "cannot start the tree: %s\n", tree.error().describe().c_str());
        return nullptr;
    }
    return std::move(tree).value();
}

std::unique_ptr<FrontEnd> startTree(const std::vector<std::uint32_t>& levels)
{
    return startTree(localTree(levels));
}

StreamSpec stream(std::uint32_t id, const std::string& filter, const std::string& source,
                  std::vector<std::int64_t> sourceArguments)
{
    StreamSpec spec;
    spec.id = id;
    spec.filter.name = filter;
    spec.source.name = source;
    spec.source.arguments = std::move(sourceArguments);
    return spec;
}

Result<Wave> oneWave(FrontEnd& tree, const StreamSpec& spec)
{
    if (auto ok = tree.openStream(spec); !ok) {
        return ok.error();
    }
    if (auto ok = tree.pull(spec.id, 1, std::chrono::seconds(5)); !ok) {
        return ok.error();
    }
    return tree.next(spec.id, std::chrono::seconds(10));
}

double sumOfLeaves(const gather::Topology& topology)
{
    double sum = 0;
    for (const std::uint32_t leaf : topology.leaves()) {
        sum += leaf;
    }
    return sum;
}

} // namespace xylem::tree::testing
