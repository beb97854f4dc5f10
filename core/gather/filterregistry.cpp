#include "core/gather/builtinfilters.h"
#include "core/gather/filter.h"
#include "core/gather/filterplugin.h"

#include <dlfcn.h>
#include <optional>
#include <string>

namespace xylem::gather {

namespace {

using EntryPoint = const PluginFilters* (*)();

std::string dlMessage()
{
    const char* message = dlerror();
    return message ? message : "unknown error";
}

Error pluginError(ErrorCode code, const std::string& path, const std::string& what)
{
    return makeError(code, "filter plugin: " + what, path);
}

// Every filter of the table has a name and a function, so none is added unless all are good.
std::optional<Error> checkTable(const PluginFilters* table, const std::string& path)
{
    if (!table) {
        return pluginError(ErrorCode::InvalidArgument, path,
                           "xylem_gather_filters() returned null");
    }
    if (table->abiVersion != kFilterPluginAbi) {
        return pluginError(ErrorCode::InvalidArgument, path,
                           "ABI version " + std::to_string(table->abiVersion) + ", expected " +
                               std::to_string(kFilterPluginAbi));
    }
    if (table->count > 0 && !table->filters) {
        return pluginError(ErrorCode::InvalidArgument, path, "null filter table");
    }
    for (std::uint32_t i = 0; i < table->count; ++i) {
        const PluginFilter& f = table->filters[i];
        if (!f.name || !*f.name || !f.function) {
            return pluginError(ErrorCode::InvalidArgument, path,
                               "filter " + std::to_string(i) + " has no name or no function");
        }
    }
    return std::nullopt;
}

} // namespace

FilterRegistry::FilterRegistry()
{
    for (const PluginFilter& f : builtinFilters()) {
        add(f.name, f.function);
    }
}

void FilterRegistry::add(const std::string& name, FilterFunction function)
{
    m_filters[name] = function;
}

Result<FilterFunction> FilterRegistry::find(const std::string& name) const
{
    if (const auto it = m_filters.find(name); it != m_filters.end()) {
        return it->second;
    }
    std::string known;
    for (const auto& [n, f] : m_filters) {
        known += (known.empty() ? "" : ", ") + n;
    }
    return makeError(ErrorCode::NotFound, "unknown filter '" + name + "' (known: " + known + ")");
}

Result<FilterFunction> FilterRegistry::resolve(const FilterSpec& spec)
{
    if (m_filters.count(spec.name) > 0 || spec.library.empty()) {
        return find(spec.name);
    }
    auto loaded = loadPlugin(spec.library);
    if (!loaded) {
        return makeError(loaded.error().code,
                         "filter '" + spec.name + "': " + loaded.error().message,
                         loaded.error().where);
    }
    return find(spec.name);
}

std::vector<std::string> FilterRegistry::names() const
{
    std::vector<std::string> out;
    out.reserve(m_filters.size());
    for (const auto& [name, f] : m_filters) {
        out.push_back(name);
    }
    return out;
}

Result<std::vector<std::string>> FilterRegistry::loadPlugin(const std::string& path)
{
    dlerror(); // clear a stale message
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        return pluginError(ErrorCode::IoError, path, "cannot load: " + dlMessage());
    }
    std::shared_ptr<void> library(handle, [](void* h) { dlclose(h); });
    void* symbol = dlsym(handle, "xylem_gather_filters");
    if (!symbol) {
        return pluginError(ErrorCode::NotFound, path,
                           "no entry point xylem_gather_filters: " + dlMessage());
    }
    const PluginFilters* table = reinterpret_cast<EntryPoint>(symbol)();
    if (auto error = checkTable(table, path)) {
        return *error;
    }
    std::vector<std::string> added;
    for (std::uint32_t i = 0; i < table->count; ++i) {
        add(table->filters[i].name, table->filters[i].function);
        added.emplace_back(table->filters[i].name);
    }
    m_libraries.push_back(std::move(library));
    return added;
}

Result<Batch> applyFilter(const FilterRegistry& registry, const FilterSpec& spec,
                          std::span<const Batch> inputs)
{
    auto filter = registry.find(spec.name);
    if (!filter) {
        return filter.error();
    }
    return (*filter)(inputs, spec.arguments);
}

} // namespace xylem::gather
