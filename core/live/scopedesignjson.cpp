#include "core/live/scopedesignjson.h"

#include "core/model/textfile.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unordered_set>

namespace xylem::live {

namespace {

using Json = nlohmann::ordered_json;

constexpr std::array kKinds{DesignNodeKind::FrontEnd, DesignNodeKind::Relay,
                            DesignNodeKind::Collector, DesignNodeKind::Filter};
constexpr std::array kFilters{FilterKind::Reduce,        FilterKind::Statistics,
                              FilterKind::LastArrival,   FilterKind::LastArrivalCounting,
                              FilterKind::Concatenation, FilterKind::EquivalenceClasses,
                              FilterKind::Plugin};
constexpr std::array kOperators{ReduceOperator::Sum, ReduceOperator::Min, ReduceOperator::Max,
                                ReduceOperator::Average};
constexpr std::array kSyncs{gather::SyncMode::WaitForAll, gather::SyncMode::TimeOut,
                            gather::SyncMode::DoNotWait};
constexpr std::array kPolicies{"fill-read", "replace-read", "fill-drain", "replace-drain"};
constexpr std::array kCoschedules{"off", "after-send", "after-release"};

const char* syncText(gather::SyncMode mode)
{
    return mode == gather::SyncMode::WaitForAll ? "wait-for-all"
           : mode == gather::SyncMode::TimeOut  ? "time-out"
                                                : "do-not-wait";
}

// Reads the fields of one JSON object; errors say "node N, field 'f'" (or the design's field).
class Fields
{
public:
    Fields(const Json& object, std::string where)
        : m_object(object)
        , m_where(std::move(where))
    {
    }

    Error error(const std::string& field, const std::string& problem) const
    {
        return Error{ErrorCode::InvalidConfiguration, problem,
                     m_where + (m_where.empty() ? "" : ", ") + "field '" + field + "'"};
    }

    Result<std::int64_t> number(const std::string& field, std::int64_t fallback, std::int64_t low,
                                std::int64_t high) const
    {
        if (!m_object.contains(field)) {
            return fallback;
        }
        const Json& v = m_object.at(field);
        if (!v.is_number_integer() || v.get<std::int64_t>() < low || v.get<std::int64_t>() > high) {
            return error(field, "must be a whole number from " + std::to_string(low) + " to " +
                                    std::to_string(high));
        }
        return v.get<std::int64_t>();
    }

    Result<double> real(const std::string& field) const
    {
        if (!m_object.contains(field)) {
            return 0.0;
        }
        if (!m_object.at(field).is_number()) {
            return error(field, "must be a number");
        }
        return m_object.at(field).get<double>();
    }

    Result<std::string> text(const std::string& field) const
    {
        if (!m_object.contains(field)) {
            return std::string{};
        }
        if (!m_object.at(field).is_string()) {
            return error(field, "must be a string");
        }
        return m_object.at(field).get<std::string>();
    }

    // One of the names `name(value)` gives for values.
    template <typename T, size_t N, typename Name>
    Result<T> choice(const std::string& field, const std::array<T, N>& values, T fallback,
                     Name name) const
    {
        if (!m_object.contains(field)) {
            return fallback;
        }
        const Json& v = m_object.at(field);
        std::string list;
        for (const T& value : values) {
            if (v.is_string() && v.get<std::string>() == name(value)) {
                return value;
            }
            list += (list.empty() ? "" : ", ") + std::string(name(value));
        }
        return error(field, "must be one of " + list);
    }

private:
    const Json& m_object;
    std::string m_where;
};

Json nodeToJson(const DesignNode& node)
{
    Json j;
    j["id"] = node.id;
    j["kind"] = nodeKindName(node.kind);
    if (node.kind != DesignNodeKind::Filter) {
        j["host"] = node.host;
    }
    j["parent"] = node.parent == kNoNode ? Json(nullptr) : Json(node.parent);
    if (node.kind == DesignNodeKind::FrontEnd || node.kind == DesignNodeKind::Relay) {
        j["helper_threads"] = node.gather.helperThreads;
        j["sync"] = syncText(node.gather.sync.mode);
        j["timeout_ms"] =
            std::chrono::duration_cast<std::chrono::milliseconds>(node.gather.sync.timeout).count();
    }
    if (node.kind == DesignNodeKind::FrontEnd) {
        j["pull_period_ms"] = node.pullPeriod.count();
    }
    if (node.kind == DesignNodeKind::Collector) {
        j["ring_capacity"] = node.ring.capacity;
        j["buffer_policy"] = node.ring.bufferPolicy;
    }
    if (node.kind == DesignNodeKind::Filter) {
        j["filter"] = filterKindName(node.filter.kind);
        if (node.filter.kind == FilterKind::Reduce) {
            j["reduce"] = reduceOperatorName(node.filter.reduce);
        }
        if (node.filter.kind == FilterKind::Plugin) {
            j["library"] = node.filter.pluginLibrary;
            j["plugin_filter"] = node.filter.pluginFilter;
            j["arguments"] = node.filter.arguments;
        }
        if (node.filter.coschedule != "off") { // designs written before it read back alike
            j["coschedule"] = node.filter.coschedule;
        }
    }
    j["x"] = node.x;
    j["y"] = node.y;
    return j;
}

Result<Ok> readGather(const Fields& f, DesignNode& node)
{
    XYLEM_TRY(threads, f.number("helper_threads", 2, 1, 256));
    node.gather.helperThreads = static_cast<std::uint32_t>(threads.value());
    XYLEM_TRY(sync, f.choice("sync", kSyncs, gather::SyncMode::WaitForAll, syncText));
    node.gather.sync.mode = sync.value();
    const std::int64_t low = sync.value() == gather::SyncMode::TimeOut ? 1 : 0;
    XYLEM_TRY(timeout, f.number("timeout_ms", low == 1 ? 200 : 0, low, 3'600'000));
    node.gather.sync.timeout = std::chrono::milliseconds(timeout.value());
    XYLEM_TRY(period, f.number("pull_period_ms", 100, 1, 3'600'000));
    node.pullPeriod = std::chrono::milliseconds(period.value());
    return Ok{};
}

Result<Ok> readCollector(const Fields& f, DesignNode& node)
{
    XYLEM_TRY(capacity, f.number("ring_capacity", 1 << 16, 16, 1 << 26));
    node.ring.capacity = static_cast<std::uint32_t>(capacity.value());
    XYLEM_TRY(policy,
              f.choice("buffer_policy", kPolicies, "fill-read", [](const char* p) { return p; }));
    node.ring.bufferPolicy = policy.value();
    return Ok{};
}

Result<Ok> readFilter(const Json& j, const Fields& f, DesignNode& node)
{
    XYLEM_TRY(kind, f.choice("filter", kFilters, FilterKind::Concatenation, filterKindName));
    node.filter.kind = kind.value();
    XYLEM_TRY(reduce, f.choice("reduce", kOperators, ReduceOperator::Sum, reduceOperatorName));
    node.filter.reduce = reduce.value();
    XYLEM_TRY(library, f.text("library"));
    XYLEM_TRY(name, f.text("plugin_filter"));
    node.filter.pluginLibrary = library.value();
    node.filter.pluginFilter = name.value();
    if (kind.value() == FilterKind::Plugin && (library->empty() || name->empty())) {
        return f.error(library->empty() ? "library" : "plugin_filter",
                       "a plugin filter needs its library path and filter name");
    }
    if (j.contains("arguments")) {
        const Json& args = j.at("arguments");
        if (!args.is_array() || std::any_of(args.begin(), args.end(),
                                            [](const Json& a) { return !a.is_number_integer(); })) {
            return f.error("arguments", "must be a list of whole numbers");
        }
        node.filter.arguments = args.get<std::vector<std::int64_t>>();
    }
    if (j.contains("coschedule")) { // the value is named: a mode misspelt is seen at once
        const Json& mode = j.at("coschedule");
        const bool known =
            mode.is_string() && std::find(kCoschedules.begin(), kCoschedules.end(),
                                          mode.get<std::string>()) != kCoschedules.end();
        if (!known) {
            return f.error("coschedule",
                           (mode.is_string() ? "'" + mode.get<std::string>() + "' is unknown: "
                                             : std::string()) +
                               "must be one of off, after-send, after-release");
        }
        node.filter.coschedule = mode.get<std::string>();
    }
    return Ok{};
}

Result<DesignNode> nodeFromJson(const Json& j, size_t index)
{
    if (!j.is_object()) {
        return Error{ErrorCode::InvalidConfiguration, "must be an object",
                     "nodes[" + std::to_string(index) + "]"};
    }
    Fields f(j, "nodes[" + std::to_string(index) + "]");
    if (!j.contains("id")) {
        return f.error("id", "is missing");
    }
    XYLEM_TRY(id, f.number("id", 0, 1, 1 << 30));
    Fields fields(j, "node " + std::to_string(id.value()));
    DesignNode node;
    node.id = static_cast<int>(id.value());
    XYLEM_TRY(kind, fields.choice("kind", kKinds, DesignNodeKind::Collector, nodeKindName));
    node.kind = kind.value();
    XYLEM_TRY(host, fields.text("host"));
    node.host = host.value();
    const bool root = !j.contains("parent") || j.at("parent").is_null();
    XYLEM_TRY(parent,
              root ? Result<std::int64_t>(kNoNode) : fields.number("parent", 0, 1, 1 << 30));
    node.parent = static_cast<int>(parent.value());
    XYLEM_TRY(x, fields.real("x"));
    XYLEM_TRY(y, fields.real("y"));
    node.x = x.value();
    node.y = y.value();
    XYLEM_TRY(gathering, readGather(fields, node));
    XYLEM_TRY(ring, readCollector(fields, node));
    XYLEM_TRY(filter, readFilter(j, fields, node));
    return node;
}

Result<Ok> readNodes(const Json& list, ScopeDesign& design)
{
    if (!list.is_array()) {
        return Error{ErrorCode::InvalidConfiguration, "must be a list", "field 'nodes'"};
    }
    std::unordered_set<int> ids; // (design.find would make reading a large design quadratic)
    for (size_t i = 0; i < list.size(); ++i) {
        XYLEM_TRY(node, nodeFromJson(list[i], i));
        if (!ids.insert(node->id).second) {
            return Error{ErrorCode::InvalidConfiguration, "the id is used twice",
                         "node " + std::to_string(node->id)};
        }
        design.nodes.push_back(node.value());
    }
    for (const auto& node : design.nodes) {
        if (node.parent != kNoNode && !ids.contains(node.parent)) {
            return Error{ErrorCode::InvalidConfiguration,
                         "names parent " + std::to_string(node.parent) + ", which is not a node",
                         "node " + std::to_string(node.id) + ", field 'parent'"};
        }
    }
    return Ok{};
}

} // namespace

std::string designToJson(const ScopeDesign& design)
{
    Json j;
    j["format"] = kScopeDesignFormat;
    j["name"] = design.name;
    j["next_id"] = design.nextId;
    j["max_tuples_per_wave"] = design.maxTuplesPerWave;
    j["system_samples"] = design.systemSamples;
    j["nodes"] = Json::array();
    for (const auto& node : design.nodes) {
        j["nodes"].push_back(nodeToJson(node));
    }
    return j.dump(2);
}

bool isDesignJson(const std::string& text)
{
    const Json j = Json::parse(text, nullptr, false);
    return j.is_object() && j.contains("format") && j.at("format") == kScopeDesignFormat;
}

Result<ScopeDesign> designFromJson(const std::string& text)
{
    const Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return makeError(ErrorCode::MalformedInput, "a scope design is a JSON object");
    }
    Fields f(j, "");
    if (!j.contains("format") || j.at("format") != kScopeDesignFormat) {
        return f.error("format", std::string("must be \"") + kScopeDesignFormat + "\"");
    }
    ScopeDesign design;
    XYLEM_TRY(name, f.text("name"));
    design.name = name->empty() ? design.name : name.value();
    XYLEM_TRY(perWave, f.number("max_tuples_per_wave", 1 << 20, 1, 1 << 24));
    design.maxTuplesPerWave = static_cast<std::uint32_t>(perWave.value());
    if (j.contains("system_samples") && !j.at("system_samples").is_boolean()) {
        return f.error("system_samples", "must be true or false");
    }
    design.systemSamples = j.value("system_samples", true);
    XYLEM_TRY(nodes, readNodes(j.contains("nodes") ? j.at("nodes") : Json::array(), design));
    int largest = 0;
    for (const auto& node : design.nodes) {
        largest = std::max(largest, node.id);
    }
    XYLEM_TRY(next, f.number("next_id", largest + 1, largest + 1, 1 << 30));
    design.nextId = static_cast<int>(next.value());
    return design;
}

Result<ScopeDesign> readDesignFile(const std::string& path)
{
    XYLEM_TRY(text, readTextFile(path));
    auto design = designFromJson(text.value());
    if (!design) {
        Error e = design.error();
        e.where = path + (e.where.empty() ? "" : ": " + e.where);
        return e;
    }
    return design;
}

Result<Ok> writeDesignFile(const std::string& path, const ScopeDesign& design)
{
    std::ofstream out(path, std::ios::trunc);
    out << designToJson(design) << '\n';
    out.close();
    if (!out) {
        return makeError(ErrorCode::IoError, "cannot write the scope design", path);
    }
    return Ok{};
}

} // namespace xylem::live
