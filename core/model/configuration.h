#pragma once

// A validated xylem-tree/1 configuration: the spanning tree of one collective (metrics.md §1, §8).
// Immutable once made; the only way in is create(), which applies every rule of §8 and names
// the offending wrapper when one is broken.

#include "core/model/result.h"
#include "core/model/wrapper.h"

#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace xylem {

class Configuration
{
public:
    static Result<Configuration> create(std::string name, std::vector<Host> hosts,
                                        std::vector<WrapperSpec> wrappers);

    const std::string& name() const { return m_name; }
    const std::vector<Host>& hosts() const { return m_hosts; }
    const std::vector<Wrapper>& wrappers() const { return m_wrappers; }
    const Wrapper& wrapper(int index) const { return m_wrappers[static_cast<size_t>(index)]; }
    int wrapperCount() const { return static_cast<int>(m_wrappers.size()); }

    int root() const { return m_root; }
    // Children in the order their wrappers are listed (metrics.md §8).
    std::span<const int> children(int index) const
    {
        return m_children[static_cast<size_t>(index)];
    }
    // Index of the wrapper with this id, or -1.
    int indexOf(std::string_view id) const;
    // Thread wrappers in configuration order.
    const std::vector<int>& threads() const { return m_threads; }
    // Every non-root wrapper has exactly one event collector, on its edge to the parent.
    int collectorCount() const { return wrapperCount() - 1; }
    // w0 = thread, ..., wk = root.
    std::vector<int> pathToRoot(int wrapper) const;
    // The cluster of a host id, or an empty string for an unknown host.
    std::string clusterOf(std::string_view hostId) const;

    bool operator==(const Configuration& other) const
    {
        return m_name == other.m_name && m_hosts == other.m_hosts && m_wrappers == other.m_wrappers;
    }

private:
    Configuration() = default;

    std::string m_name;
    std::vector<Host> m_hosts;
    std::vector<Wrapper> m_wrappers;
    std::vector<std::vector<int>> m_children;
    std::vector<int> m_threads;
    std::unordered_map<std::string, int> m_indexById;
    int m_root = -1;
};

} // namespace xylem
