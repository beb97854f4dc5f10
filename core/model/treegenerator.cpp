#include "core/model/treegenerator.h"

#include "core/model/configurationrules.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <numeric>
#include <unordered_set>

namespace xylem {

namespace {

constexpr int kMaxThreads = 1 << 20;

// A logical tree of threads and greds; emit() lays it out as wrappers, inserting a proxy on
// every edge whose ends sit on different hosts.
class TreeBuilder
{
public:
    int thread(std::string id, std::string host)
    {
        m_nodes.push_back(Node{std::move(id), WrapperKind::Thread, std::move(host), {}});
        return static_cast<int>(m_nodes.size()) - 1;
    }

    // A gred over children; a single child needs no gred unless this is the root.
    int join(std::string id, std::string host, std::vector<int> children, bool isRoot = false)
    {
        if (children.size() == 1 && !isRoot) {
            return children.front();
        }
        m_nodes.push_back(
            Node{std::move(id), WrapperKind::Gred, std::move(host), std::move(children)});
        return static_cast<int>(m_nodes.size()) - 1;
    }

    const std::string& host(int node) const { return m_nodes[static_cast<size_t>(node)].host; }
    bool isGred(int node) const
    {
        return m_nodes[static_cast<size_t>(node)].kind == WrapperKind::Gred;
    }

    std::vector<WrapperSpec> emit(int root, RootKind rootKind)
    {
        assignUniqueIds();
        std::vector<WrapperSpec> out;
        const Node& r = m_nodes[static_cast<size_t>(root)];
        if (rootKind == RootKind::Core) {
            const std::string core = unique("core");
            emit(root, core, out);
            out.push_back(WrapperSpec{core, "core", r.host, std::nullopt});
        } else {
            emit(root, std::nullopt, out);
        }
        return out;
    }

private:
    struct Node
    {
        std::string id;
        WrapperKind kind;
        std::string host;
        std::vector<int> children;
    };

    // Thread ids ("<host>.t<i>") are unique by construction and keep their names; a gred,
    // proxy or core whose name a host id happens to produce already gets a "~n" suffix.
    void assignUniqueIds()
    {
        m_used.clear();
        for (const Node& n : m_nodes) {
            if (n.kind == WrapperKind::Thread) {
                m_used.insert(n.id);
            }
        }
        for (Node& n : m_nodes) {
            if (n.kind != WrapperKind::Thread) {
                n.id = unique(n.id);
            }
        }
    }

    std::string unique(const std::string& id)
    {
        std::string candidate = id;
        for (int n = 2; !m_used.insert(candidate).second; ++n) {
            candidate = id + "~" + std::to_string(n);
        }
        return candidate;
    }

    // Post-order, so that each gred's children are listed in their intended order.
    void emit(int node, std::optional<std::string> parent, std::vector<WrapperSpec>& out)
    {
        const Node& n = m_nodes[static_cast<size_t>(node)];
        for (int c : n.children) {
            const Node& child = m_nodes[static_cast<size_t>(c)];
            if (child.host == n.host) {
                emit(c, n.id, out);
                continue;
            }
            const std::string proxy = unique("p." + child.id);
            emit(c, proxy, out);
            out.push_back(WrapperSpec{proxy, "proxy", child.host, n.id});
        }
        out.push_back(WrapperSpec{n.id, std::string(toString(n.kind)), n.host, std::move(parent)});
    }

    std::unordered_set<std::string> m_used;
    std::vector<Node> m_nodes;
};

int threadsOf(const TreeSpec& spec, size_t host)
{
    return spec.threadsOfHost.empty() ? spec.threadsPerHost : spec.threadsOfHost[host];
}

std::vector<int> makeThreads(TreeBuilder& b, const TreeSpec& spec)
{
    std::vector<int> threads;
    for (size_t i = 0; i < spec.hosts.size(); ++i) {
        const Host& h = spec.hosts[i];
        for (int t = 0; t < threadsOf(spec, i); ++t) {
            threads.push_back(b.thread(h.id + ".t" + std::to_string(t), h.id));
        }
    }
    return threads;
}

int buildKAry(TreeBuilder& b, std::vector<int> items, int k)
{
    for (int level = 1; items.size() > 1; ++level) {
        std::vector<int> next;
        for (size_t first = 0; first < items.size(); first += static_cast<size_t>(k)) {
            const size_t last = std::min(items.size(), first + static_cast<size_t>(k));
            std::vector<int> group(items.begin() + static_cast<long>(first),
                                   items.begin() + static_cast<long>(last));
            const std::string id = "g" + std::to_string(level) + "." + std::to_string(next.size());
            std::string host = b.host(group.front()); // before group is moved from
            next.push_back(b.join(id, std::move(host), std::move(group)));
        }
        items = std::move(next);
    }
    return b.isGred(items.front()) ? items.front()
                                   : b.join("g1.0", b.host(items.front()), items, true);
}

// Position i of a binomial tree has the children i + 2^j for every 2^j below i's lowest set
// bit (all j for i = 0). Its gred joins thread i with those subtrees, smallest first.
int buildBinomial(TreeBuilder& b, const std::vector<int>& threads, size_t i, bool isRoot)
{
    std::vector<int> children{threads[i]};
    const size_t lowBit = i == 0 ? threads.size() : (i & (~i + 1));
    for (size_t step = 1; step < lowBit && i + step < threads.size(); step <<= 1) {
        children.push_back(buildBinomial(b, threads, i + step, false));
    }
    return b.join("g" + std::to_string(i), b.host(threads[i]), std::move(children), isRoot);
}

int buildHierarchy(TreeBuilder& b, const TreeSpec& spec, const std::vector<int>& threads)
{
    std::vector<std::string> clusterOrder;
    std::map<std::string, std::vector<int>> hostNodes; // per cluster, in host order
    auto first = threads.begin();
    for (size_t h = 0; h < spec.hosts.size(); ++h) {
        const Host& host = spec.hosts[h];
        std::vector<int> own(first, first + threadsOf(spec, h));
        first += threadsOf(spec, h);
        if (!hostNodes.contains(host.cluster)) {
            clusterOrder.push_back(host.cluster);
        }
        hostNodes[host.cluster].push_back(b.join("host." + host.id, host.id, std::move(own)));
    }
    std::vector<int> clusters;
    for (const std::string& c : clusterOrder) {
        const std::vector<int>& members = hostNodes[c];
        clusters.push_back(b.join("cluster." + c, b.host(members.front()), members));
    }
    if (clusters.size() == 1 && b.isGred(clusters.front())) {
        return clusters.front();
    }
    return b.join("root", spec.hosts.front().id, std::move(clusters), true);
}

Result<Ok> checkSpec(const TreeSpec& spec)
{
    if (spec.hosts.empty()) {
        return makeError(ErrorCode::InvalidArgument, "the host list is empty");
    }
    if (!spec.threadsOfHost.empty() && spec.threadsOfHost.size() != spec.hosts.size()) {
        return makeError(ErrorCode::InvalidArgument, "a thread count for every host, or none");
    }
    long long total = 0;
    for (size_t h = 0; h < spec.hosts.size(); ++h) {
        if (threadsOf(spec, h) < 1) {
            return makeError(ErrorCode::InvalidArgument, "threads per host must be at least 1");
        }
        total += threadsOf(spec, h);
    }
    if (total > kMaxThreads) {
        return makeError(ErrorCode::InvalidArgument,
                         "more than " + std::to_string(kMaxThreads) + " threads in all");
    }
    if (spec.shape == TreeShape::KAry && spec.arity < 2) {
        return makeError(ErrorCode::InvalidArgument, "a k-ary tree needs k >= 2");
    }
    return Ok{};
}

} // namespace

Result<Configuration> generateTree(const TreeSpec& spec)
{
    if (auto ok = checkSpec(spec); !ok) {
        return ok.error();
    }
    TreeBuilder b;
    const std::vector<int> threads = makeThreads(b, spec);
    int root = -1;
    switch (spec.shape) {
    case TreeShape::Flat:
        root = b.join("gred", spec.hosts.front().id, threads, true);
        break;
    case TreeShape::KAry:
        root = buildKAry(b, threads, spec.arity);
        break;
    case TreeShape::Binomial:
        root = buildBinomial(b, threads, 0, true);
        break;
    case TreeShape::HierarchyAware:
        root = buildHierarchy(b, spec, threads);
        break;
    }
    std::string name = spec.name;
    if (name.empty()) {
        const bool even = std::all_of(spec.threadsOfHost.begin(), spec.threadsOfHost.end(),
                                      [&](int t) { return t == threadsOf(spec, 0); });
        name = std::string(toString(spec.shape)) + " tree, " + std::to_string(spec.hosts.size()) +
               (even ? " hosts x " + std::to_string(threadsOf(spec, 0)) + " threads"
                     : " hosts, " +
                           std::to_string(std::accumulate(spec.threadsOfHost.begin(),
                                                          spec.threadsOfHost.end(), 0)) +
                           " threads");
    }
    return Configuration::create(std::move(name), spec.hosts, b.emit(root, spec.root));
}

std::string_view toString(TreeShape shape)
{
    switch (shape) {
    case TreeShape::Flat:
        return "flat";
    case TreeShape::KAry:
        return "kary";
    case TreeShape::Binomial:
        return "binomial";
    case TreeShape::HierarchyAware:
        return "hierarchy";
    }
    return "unknown";
}

std::optional<TreeShape> treeShapeFromString(std::string_view text)
{
    for (TreeShape s :
         {TreeShape::Flat, TreeShape::KAry, TreeShape::Binomial, TreeShape::HierarchyAware}) {
        if (toString(s) == text) {
            return s;
        }
    }
    return std::nullopt;
}

Result<std::vector<Host>> parseHostList(std::string_view text)
{
    int count = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), count);
    if (ec == std::errc() && ptr == text.data() + text.size()) {
        if (count < 1) {
            return makeError(ErrorCode::InvalidArgument, "the host count must be at least 1");
        }
        std::vector<Host> hosts;
        for (int i = 0; i < count; ++i) {
            hosts.push_back(Host{"h" + std::to_string(i), "c0"});
        }
        return hosts;
    }
    std::vector<Host> hosts;
    while (!text.empty()) {
        const size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        const size_t colon = item.find(':');
        Host h{std::string(item.substr(0, colon)),
               colon == std::string_view::npos ? "c0" : std::string(item.substr(colon + 1))};
        if (!isValidId(h.id) || !isValidId(h.cluster)) {
            return makeError(ErrorCode::InvalidArgument, "bad host list entry '" +
                                                             std::string(item) +
                                                             "' (expected host or host:cluster)");
        }
        hosts.push_back(std::move(h));
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
    }
    if (hosts.empty()) {
        return makeError(ErrorCode::InvalidArgument, "the host list is empty");
    }
    return hosts;
}

} // namespace xylem
