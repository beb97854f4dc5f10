#include "core/tune/logicaltree.h"

#include <optional>

namespace xylem::tune {

Folded fold(const Configuration& config)
{
    Folded f;
    const int n = config.wrapperCount();
    f.nodeOfWrapper.assign(static_cast<size_t>(n), -1);
    for (int w = 0; w < n; ++w) {
        const Wrapper& wr = config.wrapper(w);
        if (wr.kind != WrapperKind::Proxy) {
            f.nodeOfWrapper[static_cast<size_t>(w)] = static_cast<int>(f.tree.nodes.size());
            f.tree.nodes.push_back(Node{wr.id, wr.kind, wr.host, {}});
        }
    }
    // A proxy has exactly one child (metrics.md §8); follow the chain to the node below, at most
    // as many steps as there are wrappers.
    auto below = [&](int w) {
        for (int step = 0; step < n && config.wrapper(w).kind == WrapperKind::Proxy; ++step) {
            w = config.children(w).front();
        }
        return f.nodeOfWrapper[static_cast<size_t>(w)];
    };
    for (int w = 0; w < n; ++w) {
        if (config.wrapper(w).kind == WrapperKind::Proxy) {
            f.nodeOfWrapper[static_cast<size_t>(w)] = below(w);
            continue;
        }
        Node& node = f.tree.nodes[static_cast<size_t>(f.nodeOfWrapper[static_cast<size_t>(w)])];
        for (int c : config.children(w)) {
            node.children.push_back(below(c));
        }
    }
    f.tree.root = f.nodeOfWrapper[static_cast<size_t>(config.root())];
    return f;
}

std::vector<int> parentsOf(const LogicalTree& t)
{
    std::vector<int> parents(t.nodes.size(), -1);
    for (size_t i = 0; i < t.nodes.size(); ++i) {
        for (int c : t.nodes[i].children) {
            parents[static_cast<size_t>(c)] = static_cast<int>(i);
        }
    }
    return parents;
}

std::string freshId(const LogicalTree& t, const std::unordered_set<std::string>& more,
                    const std::string& base)
{
    std::unordered_set<std::string> used(more);
    for (const Node& n : t.nodes) {
        used.insert(n.id);
    }
    std::string id = base;
    for (int k = 2; used.contains(id); ++k) {
        id = base + "~" + std::to_string(k);
    }
    return id;
}

namespace {

class Emitter
{
public:
    explicit Emitter(const LogicalTree& t)
        : m_tree(t)
    {
        for (const Node& n : t.nodes) {
            m_used.insert(n.id);
        }
    }

    std::vector<WrapperSpec> emit()
    {
        emitNode(m_tree.root, std::nullopt);
        return std::move(m_out);
    }

private:
    // Post-order, children in their order, as treegenerator.cpp lays trees out.
    void emitNode(int index, std::optional<std::string> parent)
    {
        const Node& n = m_tree.nodes[static_cast<size_t>(index)];
        for (int c : n.children) {
            const Node& child = m_tree.nodes[static_cast<size_t>(c)];
            if (child.host == n.host) {
                emitNode(c, n.id);
                continue;
            }
            std::string proxy = "p." + child.id;
            for (int k = 2; !m_used.insert(proxy).second; ++k) {
                proxy = "p." + child.id + "~" + std::to_string(k);
            }
            emitNode(c, proxy);
            m_out.push_back(WrapperSpec{proxy, "proxy", child.host, n.id});
        }
        m_out.push_back(
            WrapperSpec{n.id, std::string(toString(n.kind)), n.host, std::move(parent)});
    }

    const LogicalTree& m_tree;
    std::unordered_set<std::string> m_used;
    std::vector<WrapperSpec> m_out;
};

} // namespace

std::vector<WrapperSpec> layOut(const LogicalTree& t)
{
    return Emitter(t).emit();
}

} // namespace xylem::tune
