#include "core/live/designstore.h"

#include "core/live/scopedesignjson.h"
#include "core/store/attachments.h"

#include <algorithm>

namespace xylem::live {

Result<std::int64_t> saveDesign(store::Session& session, const ScopeDesign& design,
                                std::int64_t run)
{
    XYLEM_TRY(id, store::saveScope(session, design.name, designToJson(design)));
    if (run > 0) {
        XYLEM_TRY(linked, store::linkRunToScope(session, run, id.value()));
    }
    return id;
}

Result<std::vector<StoredDesign>> designsInSession(store::Session& session)
{
    XYLEM_TRY(scopes, store::scopes(session));
    std::vector<StoredDesign> designs;
    for (const store::ScopeRecord& scope : scopes.value()) {
        if (!isDesignJson(scope.definitionJson)) {
            continue;
        }
        auto design = designFromJson(scope.definitionJson);
        if (!design) {
            Error e = design.error();
            e.where = "scope " + std::to_string(scope.id) + (e.where.empty() ? "" : ", " + e.where);
            return e;
        }
        designs.push_back({scope.id, std::move(design).value()});
    }
    return designs;
}

Result<std::vector<StoredDesign>> designsOfRun(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(ids, store::scopesOfRun(session, run));
    XYLEM_TRY(all, designsInSession(session));
    std::vector<StoredDesign> designs;
    for (const StoredDesign& stored : all.value()) {
        if (std::find(ids->begin(), ids->end(), stored.id) != ids->end()) {
            designs.push_back(stored);
        }
    }
    return designs;
}

} // namespace xylem::live
