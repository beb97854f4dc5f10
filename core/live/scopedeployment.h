#pragma once

// A scope design deployed on a running gather tree (issue 10, "deploy and tune live"): the
// design's streams pulled through a LiveRecorder, plus the node-counts stream (every collector's
// own ring accounting and CPU, concatenated) from which each design node's live figures are
// made at every poll, and the design's filter streams (filterstreams.h), whose newest results
// show on their filter nodes. redeploy() applies a changed design without restarting the monitored
// program: the collectors keep their rings; the old streams close and the new ones open (the
// same LiveRecorder reopened: its engine and accounting cover the whole run; the live figures
// count from the redeployment). A design
// whose tree differs from the running one is refused, saying that the tree must be restarted.
// Deploying, and redeploying a design whose coscheduling changed, sends the scope's coscheduling
// (the most demanding of its filters', scopedeploy.h) to every collector.

#include "core/live/liverecorder.h"
#include "core/live/scopedeploy.h"

#include <memory>

namespace xylem::live {

inline constexpr std::uint32_t kNodeCountStream = 7;

class ScopeDeployment
{
public:
    // The tree must run the design's topology (same hosts and edges; indices may differ: the
    // design's nodes are matched to the tree's by their host path). writer may be null.
    static Result<std::unique_ptr<ScopeDeployment>> deploy(tree::FrontEnd& tree,
                                                           const Configuration& config,
                                                           ScopeDesign design,
                                                           store::RunWriter* writer);
    ~ScopeDeployment();
    ScopeDeployment(const ScopeDeployment&) = delete;
    ScopeDeployment& operator=(const ScopeDeployment&) = delete;

    // One wave of every stream; the figures are new afterwards.
    Result<Ok> poll(std::chrono::milliseconds timeout);
    // Applies design; returns what changed. Refused (nothing changed) when the tree differs.
    Result<DeployChange> redeploy(ScopeDesign design);
    Result<Ok> close();

    const DesignFigures& figures() const { return m_figures; }
    // The newest result of every reduce, equivalence and plugin filter node (filterstreams.h).
    const FilterOutputs& filterOutputs() const { return m_outputs; }
    LiveRecorder& recorder() { return *m_recorder; }

private:
    ScopeDeployment(tree::FrontEnd& tree, const Configuration& config, store::RunWriter* writer);
    Result<DeployPlan> planOnTree(const ScopeDesign& design) const;
    // The deployment's own streams (node counts, filter streams) beside the recorder's.
    Result<Ok> openOwnStreams();
    void closeOwnStreams();
    Result<Ok> takeCounts(std::chrono::milliseconds timeout);
    Result<Ok> openFilterStreams();
    Result<Ok> takeFilterOutputs(std::chrono::milliseconds timeout);
    void closeFilterStreams();

    tree::FrontEnd& m_tree;
    const Configuration& m_config;
    store::RunWriter* m_writer;
    ScopeDesign m_design;
    DeployPlan m_plan;
    std::unique_ptr<LiveRecorder> m_recorder;
    CountSnapshot m_counts;
    DesignFigures m_figures;
    FilterOutputs m_outputs;
    std::vector<std::uint32_t> m_filterStreamsOpen;
    bool m_countsOpen = false;
};

} // namespace xylem::live
