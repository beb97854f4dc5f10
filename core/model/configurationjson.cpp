#include "core/model/configurationjson.h"

#include "core/model/jsondocument.h"
#include "core/model/textfile.h"

#include <nlohmann/json.hpp>

namespace xylem {

namespace {

using nlohmann::json;

Error formatError(std::string message, std::string where = {})
{
    return makeError(ErrorCode::MalformedInput, std::move(message), std::move(where));
}

Result<std::string> stringField(const json& object, const char* key, const std::string& where,
                                bool required = true)
{
    const auto it = object.find(key);
    if (it == object.end()) {
        if (!required) {
            return std::string();
        }
        return formatError(std::string("missing field \"") + key + "\"", where);
    }
    if (!it->is_string()) {
        return formatError(std::string("field \"") + key + "\" must be a string", where);
    }
    return it->get<std::string>();
}

Result<std::vector<Host>> parseHosts(const json& doc)
{
    const auto it = doc.find("hosts");
    if (it == doc.end() || !it->is_array()) {
        return formatError("\"hosts\" must be an array of {\"id\", \"cluster\"}");
    }
    std::vector<Host> hosts;
    for (size_t i = 0; i < it->size(); ++i) {
        const json& h = (*it)[i];
        const std::string where = "host #" + std::to_string(i + 1);
        if (!h.is_object()) {
            return formatError("must be an object", where);
        }
        auto id = stringField(h, "id", where);
        auto cluster = stringField(h, "cluster", where, false);
        if (!id) {
            return id.error();
        }
        if (!cluster) {
            return cluster.error();
        }
        hosts.push_back(Host{id.value(), cluster.value()});
    }
    return hosts;
}

Result<WrapperSpec> parseWrapper(const json& w, size_t index)
{
    std::string where = "wrapper #" + std::to_string(index + 1);
    if (!w.is_object()) {
        return formatError("must be an object", where);
    }
    auto id = stringField(w, "id", where);
    if (!id) {
        return id.error();
    }
    where += " '" + id.value() + "'";
    auto kind = stringField(w, "kind", where);
    auto host = stringField(w, "host", where);
    if (!kind) {
        return kind.error();
    }
    if (!host) {
        return host.error();
    }
    WrapperSpec spec{id.value(), kind.value(), host.value(), std::nullopt};
    const auto parent = w.find("parent");
    if (parent == w.end()) {
        return formatError("missing field \"parent\" (null for the root)", where);
    }
    if (parent->is_string()) {
        spec.parent = parent->get<std::string>();
    } else if (!parent->is_null()) {
        return formatError("field \"parent\" must be a wrapper id or null", where);
    }
    return spec;
}

} // namespace

Result<Configuration> parseConfigurationJson(std::string_view text)
{
    auto parsed = parseJsonObject(text, "configuration");
    if (!parsed) {
        return parsed.error();
    }
    const json& doc = parsed.value();
    auto format = stringField(doc, "format", "");
    if (!format) {
        return format.error();
    }
    if (format.value() != kTreeFormat) {
        return formatError("unsupported format \"" + format.value() + "\"; expected \"" +
                           std::string(kTreeFormat) + "\"");
    }
    auto name = stringField(doc, "name", "", false);
    if (!name) {
        return name.error();
    }
    auto hosts = parseHosts(doc);
    if (!hosts) {
        return hosts.error();
    }
    const auto list = doc.find("wrappers");
    if (list == doc.end() || !list->is_array()) {
        return formatError("\"wrappers\" must be an array");
    }
    std::vector<WrapperSpec> specs;
    for (size_t i = 0; i < list->size(); ++i) {
        auto spec = parseWrapper((*list)[i], i);
        if (!spec) {
            return spec.error();
        }
        specs.push_back(std::move(spec).value());
    }
    return Configuration::create(name.value(), std::move(hosts).value(), std::move(specs));
}

Result<Configuration> readConfigurationFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text) {
        return text.error();
    }
    auto config = parseConfigurationJson(text.value());
    if (!config) {
        Error e = config.error();
        e.where = e.where.empty() ? path : path + ": " + e.where;
        return e;
    }
    return config;
}

std::string configurationToJson(const Configuration& config)
{
    nlohmann::ordered_json doc;
    doc["format"] = kTreeFormat;
    doc["name"] = config.name();
    doc["hosts"] = nlohmann::ordered_json::array();
    for (const Host& h : config.hosts()) {
        doc["hosts"].push_back({{"id", h.id}, {"cluster", h.cluster}});
    }
    doc["wrappers"] = nlohmann::ordered_json::array();
    for (const Wrapper& w : config.wrappers()) {
        nlohmann::ordered_json item{{"id", w.id}, {"kind", toString(w.kind)}, {"host", w.host}};
        item["parent"] = w.parent < 0 ? nlohmann::ordered_json(nullptr)
                                      : nlohmann::ordered_json(config.wrapper(w.parent).id);
        doc["wrappers"].push_back(std::move(item));
    }
    return doc.dump(2) + "\n";
}

} // namespace xylem
