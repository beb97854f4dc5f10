#pragma once

// The configuration rearranged for analysis: greds with their children, proxies and cores with
// their one child, each thread's path to the root and its signature. Built once per run, so
// that the per-call loop touches only flat integer arrays.

#include "core/model/configuration.h"

#include <string>
#include <vector>

namespace xylem {

struct GredTopology
{
    int wrapper = -1;
    bool isRoot = false;
    std::vector<int> children; // wrapper indices, configuration order
};

struct SingleChildTopology // a proxy or a core
{
    int wrapper = -1;
    int child = -1;
};

struct ThreadTopology
{
    int wrapper = -1;
    std::vector<int> path; // w0 = the thread, ..., wk = the root
    std::string signature; // kinds along the path: "thread>gred>proxy>gred>core"
};

class Topology
{
public:
    explicit Topology(Configuration config);

    const Configuration& configuration() const { return m_config; }
    int wrapperCount() const { return m_config.wrapperCount(); }
    int root() const { return m_config.root(); }

    const std::vector<GredTopology>& greds() const { return m_greds; }
    const std::vector<SingleChildTopology>& proxies() const { return m_proxies; }
    const std::vector<SingleChildTopology>& cores() const { return m_cores; }
    const std::vector<ThreadTopology>& threads() const { return m_threads; }

    // Slot of a wrapper in greds() / threads(), or -1.
    int gredSlot(int wrapper) const { return m_gredSlot[static_cast<size_t>(wrapper)]; }
    int threadSlot(int wrapper) const { return m_threadSlot[static_cast<size_t>(wrapper)]; }
    // Position of a wrapper among its parent's children.
    int childPosition(int wrapper) const { return m_childPosition[static_cast<size_t>(wrapper)]; }

private:
    Configuration m_config;
    std::vector<GredTopology> m_greds;
    std::vector<SingleChildTopology> m_proxies;
    std::vector<SingleChildTopology> m_cores;
    std::vector<ThreadTopology> m_threads;
    std::vector<int> m_gredSlot;
    std::vector<int> m_threadSlot;
    std::vector<int> m_childPosition;
};

} // namespace xylem
