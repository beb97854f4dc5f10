#include "core/store/migrations.h"

#include "core/store/derived.h"

#include <vector>

namespace xylem::store {

namespace {

// Format 2 added per-call records and summaries: derive them for every run of a format-1 file.
Result<Ok> deriveCallsAndSummaries(Database& db)
{
    auto query = db.prepare("SELECT id FROM runs ORDER BY id");
    if (!query) {
        return query.error();
    }
    std::vector<std::int64_t> runs;
    for (;;) {
        auto row = query.value().step();
        if (!row) {
            return row.error();
        }
        if (!row.value()) {
            break;
        }
        runs.push_back(query.value().columnInt(0));
    }
    for (const std::int64_t run : runs) {
        if (auto ok = rebuildDerived(db, run); !ok) {
            return ok.error();
        }
    }
    return Ok{};
}

} // namespace

// Formats 3 (MPI data) and 4 (the edges of Xylem's tree) only add tables: an older run has none.
// Format 5 (--adapt's tuner record) only adds tables too.
Result<Ok> migrateData(Database& db, int toVersion)
{
    switch (toVersion) {
    case 2:
        return deriveCallsAndSummaries(db);
    default:
        return Ok{};
    }
}

} // namespace xylem::store
