#include "core/live/scopedeployment.h"

#include "core/tree/clockoffset.h"

#include <deque>

namespace xylem::live {

namespace {

// "fe/r1/n3#leaf": the hosts from the root down and the role, to match a design's tree to a
// running one whatever their node order.
std::string pathOf(const gather::Topology& topology, std::uint32_t index)
{
    const auto role = topology.nodes[index].role;
    std::string path = role == gather::NodeRole::Leaf ? "#leaf" : "#inner";
    for (std::int32_t at = static_cast<std::int32_t>(index); at >= 0;
         at = topology.nodes[static_cast<size_t>(at)].parent) {
        path.insert(0, "/" + topology.nodes[static_cast<size_t>(at)].host);
    }
    return path;
}

std::map<std::string, std::deque<std::uint32_t>> pathsOf(const gather::Topology& topology)
{
    std::map<std::string, std::deque<std::uint32_t>> paths;
    for (std::uint32_t i = 0; i < topology.nodes.size(); ++i) {
        paths[pathOf(topology, i)].push_back(i);
    }
    return paths;
}

Error treeDiffers(const std::string& what)
{
    return makeError(ErrorCode::InvalidArgument,
                     "the design's tree differs from the running tree (" + what +
                         "): the tree must be restarted with the design");
}

} // namespace

ScopeDeployment::ScopeDeployment(tree::FrontEnd& tree, const Configuration& config,
                                 store::RunWriter* writer)
    : m_tree(tree)
    , m_config(config)
    , m_writer(writer)
{
}

ScopeDeployment::~ScopeDeployment()
{
    (void)close();
}

Result<std::unique_ptr<ScopeDeployment>> ScopeDeployment::deploy(tree::FrontEnd& tree,
                                                                 const Configuration& config,
                                                                 ScopeDesign design,
                                                                 store::RunWriter* writer)
{
    std::unique_ptr<ScopeDeployment> deployment(new ScopeDeployment(tree, config, writer));
    XYLEM_TRY(plan, deployment->planOnTree(design));
    deployment->m_design = std::move(design);
    deployment->m_plan = std::move(plan).value();
    deployment->m_recorder = std::make_unique<LiveRecorder>(
        deployment->m_tree, deployment->m_config, deployment->m_plan.scope, deployment->m_writer);
    XYLEM_TRY(recording, deployment->m_recorder->open());
    XYLEM_TRY(opened, deployment->openOwnStreams());
    return deployment;
}

Result<DeployPlan> ScopeDeployment::planOnTree(const ScopeDesign& design) const
{
    XYLEM_TRY(plan, planDeployment(design));
    const gather::Topology& running = m_tree.topology();
    if (running.nodes.size() != plan->topology.nodes.size()) {
        return treeDiffers(std::to_string(plan->topology.nodes.size()) + " nodes, the tree has " +
                           std::to_string(running.nodes.size()));
    }
    auto paths = pathsOf(running);
    std::map<std::uint32_t, std::uint32_t> runningOf; // design topology index -> running index
    for (std::uint32_t i = 0; i < plan->topology.nodes.size(); ++i) {
        const std::string path = pathOf(plan->topology, i);
        auto it = paths.find(path);
        if (it == paths.end() || it->second.empty()) {
            return treeDiffers("nothing runs at " + path);
        }
        runningOf[i] = it->second.front();
        it->second.pop_front();
    }
    for (auto& [id, index] : plan->treeNodeOf) {
        index = runningOf[index];
    }
    plan->topology = running;
    return plan;
}

Result<Ok> ScopeDeployment::openOwnStreams()
{
    // The design's ring capacity, for the running program too: each thread moves to a ring of
    // that size within a few thousand records (collectors/ring/ringlayout.h).
    m_tree.control(
        tree::ControlMessage{"ring-capacity", std::to_string(m_plan.scope.ringCapacity)});
    tree::StreamSpec spec;
    spec.id = kNodeCountStream;
    spec.filter = gather::FilterSpec{"concat", {}};
    spec.sync = m_plan.scope.sync;
    spec.gathering = m_plan.scope.gathering;
    spec.source = tree::SourceSpec{"node-counts", {}};
    XYLEM_TRY(counts, m_tree.openStream(spec));
    m_countsOpen = true;
    m_counts.base = m_counts.current; // figures count from the (re)deployment
    m_counts.previous.clear();
    return openFilterStreams();
}

Result<Ok> ScopeDeployment::openFilterStreams()
{
    m_outputs.clear();
    for (const FilterStream& filter : m_plan.filterStreams) {
        tree::StreamSpec spec;
        spec.id = filter.id;
        spec.filter = filter.filter;
        spec.sync = m_plan.scope.sync;
        spec.gathering = m_plan.scope.gathering;
        spec.source = filter.source;
        spec.filterAtLeaves = filter.atCollectors;
        XYLEM_TRY(opened, m_tree.openStream(spec));
        m_filterStreamsOpen.push_back(filter.id);
    }
    return Ok{};
}

Result<Ok> ScopeDeployment::takeFilterOutputs(std::chrono::milliseconds timeout)
{
    for (const FilterStream& filter : m_plan.filterStreams) {
        XYLEM_TRY(pulled, m_tree.pull(filter.id, 1, timeout));
    }
    for (const FilterStream& filter : m_plan.filterStreams) {
        XYLEM_TRY(wave, m_tree.next(filter.id, timeout));
        // A filter that fails in a node sends the wave up empty (the relays' and collectors'
        // logs say why): say so rather than describe nothing.
        const std::string text =
            wave->batch.contributors == 0 && !wave->missing.empty()
                ? "no result: " + std::to_string(wave->missing.size()) +
                      " nodes missing (a failing filter or lost nodes; see the tree's log)"
                : describeFilterBatch(wave->batch, filter, m_plan.topology);
        const FilterOutput output{wave->wave, wave->batch.contributors, text};
        for (int node : filter.nodes) {
            m_outputs[node] = output;
        }
    }
    return Ok{};
}

void ScopeDeployment::closeFilterStreams()
{
    for (std::uint32_t id : m_filterStreamsOpen) {
        m_tree.closeStream(id);
    }
    m_filterStreamsOpen.clear();
}

Result<Ok> ScopeDeployment::takeCounts(std::chrono::milliseconds timeout)
{
    XYLEM_TRY(pulled, m_tree.pull(kNodeCountStream, 1, timeout));
    XYLEM_TRY(wave, m_tree.next(kNodeCountStream, timeout));
    if (wave->batch.contributors == 0) {
        return Ok{}; // nobody delivered (every node below slow or lost): the last lines stand
    }
    const auto* bytes = std::get_if<gather::Bytes>(&wave->batch.content);
    if (!bytes) {
        return makeError(ErrorCode::MalformedInput, "the node-counts stream brought no lines");
    }
    XYLEM_TRY(lines, protocol::decodeNodeCounts(bytes->bytes));
    m_counts.previous = m_counts.current;
    for (auto& line : lines.value()) {
        m_counts.current[line.host] = std::move(line);
    }
    if (m_counts.base.empty()) {
        m_counts.base = m_counts.current;
    }
    m_counts.frontEndNowNs = tree::tupleClockNowNs();
    return Ok{};
}

Result<Ok> ScopeDeployment::poll(std::chrono::milliseconds timeout)
{
    XYLEM_TRY(polled, m_recorder->poll(timeout));
    XYLEM_TRY(taken, takeCounts(timeout));
    XYLEM_TRY(outputs, takeFilterOutputs(timeout));
    m_counts.lostTreeNodes = m_recorder->accounting().lost;
    m_figures = designFigures(m_design, m_plan, m_counts);
    return Ok{};
}

Result<DeployChange> ScopeDeployment::redeploy(ScopeDesign design)
{
    XYLEM_TRY(plan, planOnTree(design));
    const DeployChange change = compareDeployments(m_plan, plan.value());
    if (change.topology) {
        return makeError(ErrorCode::InvalidArgument, change.describe());
    }
    m_design = std::move(design); // names, positions and filters' places may change freely
    if (!change.any()) {
        return change;
    }
    closeOwnStreams();
    m_plan = std::move(plan).value();
    XYLEM_TRY(reopened, m_recorder->reopen(m_plan.scope));
    XYLEM_TRY(opened, openOwnStreams());
    return change;
}

void ScopeDeployment::closeOwnStreams()
{
    if (m_countsOpen) {
        m_tree.closeStream(kNodeCountStream);
        m_countsOpen = false;
    }
    closeFilterStreams();
}

Result<Ok> ScopeDeployment::close()
{
    closeOwnStreams();
    return m_recorder ? m_recorder->close() : Result<Ok>(Ok{});
}

} // namespace xylem::live
