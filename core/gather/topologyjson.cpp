// The xylem-gather/1 JSON form of a topology, and reading a topology file of either form.
// Siblings are ordered by index; a node lists "children" only when its order differs.

#include "core/gather/topology.h"
#include "core/model/jsondocument.h"
#include "core/model/textfile.h"

#include <algorithm>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace xylem::gather {

namespace {

using nlohmann::json;

Error formatError(std::string message, std::string where = {})
{
    return makeError(ErrorCode::MalformedInput, std::move(message), std::move(where));
}

bool isIndex(const json& value)
{
    return value.is_number_unsigned() &&
           value.get<std::uint64_t>() <= std::numeric_limits<std::uint32_t>::max();
}

// Absent rank: the smallest rank no earlier node on that host has.
std::uint32_t freeRank(const std::map<std::string, std::set<std::uint32_t>>& used,
                       const std::string& host)
{
    const auto it = used.find(host);
    std::uint32_t rank = 0;
    while (it != used.end() && it->second.count(rank) != 0) {
        ++rank;
    }
    return rank;
}

Result<Ok> readNode(const json& object, size_t index,
                    std::map<std::string, std::set<std::uint32_t>>& usedRanks, TopologyNode& node,
                    bool& hasChildren)
{
    const std::string where = "node " + std::to_string(index);
    if (!object.is_object()) {
        return formatError("must be an object {\"host\", \"rank\", \"parent\"}", where);
    }
    const auto host = object.find("host");
    if (host == object.end() || !host->is_string()) {
        return formatError("field \"host\" must be a string", where);
    }
    node.host = host->get<std::string>();
    if (const auto rank = object.find("rank"); rank != object.end()) {
        if (!isIndex(*rank)) {
            return formatError("field \"rank\" must be an integer from 0 to 2^32-1", where);
        }
        node.rank = rank->get<std::uint32_t>();
    } else {
        node.rank = freeRank(usedRanks, node.host);
    }
    usedRanks[node.host].insert(node.rank);
    const auto parent = object.find("parent");
    // Which parents are allowed is makeTopology's rule; here only the type.
    if (parent != object.end() && !parent->is_null() &&
        !(parent->is_number_integer() && parent->get<std::int64_t>() >= -1 &&
          parent->get<std::int64_t>() <= std::numeric_limits<std::int32_t>::max())) {
        return formatError("field \"parent\" must be null or a node index", where);
    }
    node.parent = parent == object.end() || parent->is_null() ? -1 : parent->get<std::int32_t>();
    const auto children = object.find("children");
    hasChildren = children != object.end();
    if (hasChildren) {
        if (!children->is_array()) {
            return formatError("field \"children\" must be an array of node indices", where);
        }
        node.children.clear();
        for (const json& c : *children) {
            if (!isIndex(c)) {
                return formatError("field \"children\" must be an array of node indices", where);
            }
            node.children.push_back(c.get<std::uint32_t>());
        }
    }
    return Ok{};
}

} // namespace

Result<Topology> parseTopologyJson(const std::string& text)
{
    auto parsed = parseJsonObject(text, "topology");
    if (!parsed) {
        return parsed.error();
    }
    const json& doc = parsed.value();
    const auto format = doc.find("format");
    if (format == doc.end() || !format->is_string()) {
        return formatError("missing field \"format\" (\"" + std::string(kTopologyFormat) + "\")");
    }
    const std::string name = format->get<std::string>();
    if (name != kTopologyFormat) {
        const bool newer = name.rfind("xylem-gather/", 0) == 0;
        return makeError(newer ? ErrorCode::NewerFormat : ErrorCode::MalformedInput,
                         "unsupported format \"" + name + "\"; expected \"" +
                             std::string(kTopologyFormat) + "\"");
    }
    const auto list = doc.find("nodes");
    if (list == doc.end() || !list->is_array()) {
        return formatError("\"nodes\" must be an array of {\"host\", \"rank\", \"parent\"}");
    }
    std::vector<TopologyNode> nodes(list->size());
    std::vector<std::pair<size_t, std::vector<std::uint32_t>>> given; // explicit child orders
    std::map<std::string, std::set<std::uint32_t>> usedRanks;
    for (size_t i = 0; i < list->size(); ++i) {
        bool hasChildren = false;
        if (auto ok = readNode((*list)[i], i, usedRanks, nodes[i], hasChildren); !ok) {
            return ok.error();
        }
        if (hasChildren) {
            given.emplace_back(i, nodes[i].children);
        }
    }
    linkChildren(nodes);
    for (auto& [index, children] : given) {
        nodes[index].children = std::move(children);
    }
    return makeTopology(std::move(nodes));
}

std::string toJson(const Topology& topology)
{
    // One node per line: readable in a file, still compact on the wire.
    std::string text = "{\"format\": \"" + std::string(kTopologyFormat) + "\", \"nodes\": [";
    for (size_t i = 0; i < topology.nodes.size(); ++i) {
        const TopologyNode& n = topology.nodes[i];
        nlohmann::ordered_json node{{"host", n.host}, {"rank", n.rank}};
        node["parent"] = n.parent < 0 ? json(nullptr) : json(n.parent);
        if (!std::is_sorted(n.children.begin(), n.children.end())) {
            node["children"] = n.children;
        }
        text += (i == 0 ? "\n  " : ",\n  ") + node.dump();
    }
    return text + "\n]}\n";
}

Result<Topology> readTopologyFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text) {
        return text.error();
    }
    const size_t first = text->find_first_not_of(" \t\r\n");
    const bool isJson = first != std::string::npos && (*text)[first] == '{';
    auto topology = isJson ? parseTopologyJson(text.value()) : parseMrnetTopology(text.value());
    if (!topology) {
        Error e = topology.error();
        e.where = e.where.empty() ? path : path + ": " + e.where;
        return e;
    }
    return topology;
}

} // namespace xylem::gather
