#pragma once

// The scope a recording pulls: one LiveRecorder over the plan's event scope, or a deployed scope
// design whose file is watched and redeployed when it changes (its figures and redeployments
// reported through the callbacks). Either way one poll() and one recorder() to read; and what
// the session stores of it with the run (the scopes used, the accounting, the monitors'
// results).

#include "core/live/designfilewatch.h"
#include "core/live/liverecorder.h"
#include "core/live/scopedeployment.h"
#include "core/record/recordingevents.h"
#include "core/store/runwriter.h"

#include <memory>
#include <optional>

namespace xylem::record {

class RecordScope
{
public:
    explicit RecordScope(const RecordingCallbacks& callbacks)
        : m_callbacks(callbacks)
    {
    }

    // Deploys the design or opens the scope's streams, then pulls one wave: every collector
    // has made its sources (and calibrated its clock) before the program starts, so the
    // scope's start-up is not counted as its slowdown.
    Result<Ok> open(tree::FrontEnd& tree, const RecordPlan& plan, store::RunWriter& writer,
                    const live::TreeClocks& clocks);
    // One wave of every stream; a design's figures reported, its file checked for a change.
    Result<Ok> poll(std::chrono::milliseconds timeout);
    // Closes the streams, storing the last system samples.
    Result<Ok> close();
    live::LiveRecorder& recorder();

    // The session's scopes table keeps what the run used (the event scope, or each design
    // deployed), and the run its accounting and monitor results.
    Result<Ok> store(store::Session& session, std::int64_t run);

private:
    void redeploy(live::ScopeDesign design);

    const RecordingCallbacks& m_callbacks;
    std::optional<live::LiveRecorder> m_single;
    std::unique_ptr<live::ScopeDeployment> m_deployment;
    std::optional<live::DesignFileWatch> m_watch;
    std::vector<live::ScopeDesign> m_used; // every design deployed, the first one first
};

} // namespace xylem::record
