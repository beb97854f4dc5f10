#include "core/model/configuration.h"

#include "core/model/configurationrules.h"

#include <utility>

namespace xylem {

Result<Configuration> Configuration::create(std::string name, std::vector<Host> hosts,
                                            std::vector<WrapperSpec> specs)
{
    auto checked = checkConfigurationRules(hosts, specs);
    if (!checked) {
        return checked.error();
    }
    const ValidatedTree& tree = checked.value();

    Configuration config;
    config.m_name = std::move(name);
    config.m_hosts = std::move(hosts);
    config.m_root = tree.root;
    config.m_wrappers.reserve(specs.size());
    for (size_t i = 0; i < specs.size(); ++i) {
        config.m_wrappers.push_back(Wrapper{std::move(specs[i].id), tree.kinds[i],
                                            std::move(specs[i].host), tree.parents[i]});
    }
    config.m_children.resize(config.m_wrappers.size());
    for (size_t i = 0; i < config.m_wrappers.size(); ++i) {
        const Wrapper& w = config.m_wrappers[i];
        config.m_indexById.emplace(w.id, static_cast<int>(i));
        if (w.parent >= 0) {
            config.m_children[static_cast<size_t>(w.parent)].push_back(static_cast<int>(i));
        }
        if (w.kind == WrapperKind::Thread) {
            config.m_threads.push_back(static_cast<int>(i));
        }
    }
    return config;
}

int Configuration::indexOf(std::string_view id) const
{
    const auto it = m_indexById.find(std::string(id));
    return it == m_indexById.end() ? -1 : it->second;
}

std::vector<int> Configuration::pathToRoot(int wrapper) const
{
    std::vector<int> path;
    for (int w = wrapper; w >= 0; w = m_wrappers[static_cast<size_t>(w)].parent) {
        path.push_back(w);
    }
    return path;
}

std::string Configuration::clusterOf(std::string_view hostId) const
{
    for (const Host& h : m_hosts) {
        if (h.id == hostId) {
            return h.cluster;
        }
    }
    return {};
}

} // namespace xylem
