#include "core/record/recordscope.h"

#include "core/live/designstore.h"
#include "core/record/accountingjson.h"
#include "core/store/attachments.h"

namespace xylem::record {

Result<Ok> RecordScope::open(tree::FrontEnd& tree, const RecordPlan& plan, store::RunWriter& writer,
                             const live::TreeClocks& clocks)
{
    if (plan.design) {
        XYLEM_TRY(deployment,
                  live::ScopeDeployment::deploy(tree, plan.config, *plan.design, &writer));
        m_deployment = std::move(deployment).value();
        m_watch.emplace(plan.designFile, plan.designText);
        m_used = {*plan.design};
    } else {
        m_single.emplace(tree, plan.config, plan.scope, &writer);
        XYLEM_TRY(opened, m_single->open());
    }
    recorder().useClocks(&clocks);
    return poll(std::chrono::seconds(10));
}

live::LiveRecorder& RecordScope::recorder()
{
    return m_deployment ? m_deployment->recorder() : *m_single;
}

Result<Ok> RecordScope::poll(std::chrono::milliseconds timeout)
{
    if (!m_deployment) {
        return m_single->poll(timeout);
    }
    XYLEM_TRY(polled, m_deployment->poll(timeout));
    if (m_callbacks.figures) {
        m_callbacks.figures(m_deployment->figures(), m_deployment->filterOutputs());
    }
    auto changed = m_watch->changed();
    if (!changed) {
        if (m_callbacks.redeployed) {
            m_callbacks.redeployed(Redeployment{{}, std::nullopt, changed.error()});
        }
    } else if (changed.value()) {
        redeploy(std::move(*changed.value()));
    }
    return Ok{};
}

void RecordScope::redeploy(live::ScopeDesign design)
{
    Redeployment result{design.name, std::nullopt, std::nullopt};
    auto applied = m_deployment->redeploy(design);
    if (applied) {
        m_used.push_back(std::move(design));
        result.change = applied.value();
    } else {
        result.refused = applied.error();
    }
    if (m_callbacks.redeployed) {
        m_callbacks.redeployed(result);
    }
}

Result<Ok> RecordScope::close()
{
    return m_deployment ? m_deployment->close() : m_single->close();
}

Result<Ok> RecordScope::store(store::Session& session, std::int64_t run)
{
    live::LiveRecorder& r = recorder();
    if (m_deployment) {
        for (const live::ScopeDesign& d : m_used) {
            XYLEM_TRY(saved, live::saveDesign(session, d, run));
        }
    } else {
        XYLEM_TRY(scope, store::saveScope(session, r.scope().name, live::scopeToJson(r.scope())));
        XYLEM_TRY(linked, store::linkRunToScope(session, run, scope.value()));
    }
    XYLEM_TRY(accounted,
              store::storeCachedResult(session, run, "scope-accounting", kAccountingVersion,
                                       accountingJson(r.accounting())));
    return store::storeCachedResult(session, run, "monitor-results", 1, r.monitorResultsJson());
}

} // namespace xylem::record
