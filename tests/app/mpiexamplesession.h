#pragma once

// A session with MPI data for the export and SQL suites: run 1 "late rank" holds 4 ranks making
// 10 MPI_Allreduce where rank 2 (cluster c1) enters 500 ns late (lateRankTrace), as tuples and
// as MPI events; run 2 "plain" holds the same tuples without MPI data. Empty on failure.

#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "tests/support/mpitracebuilder.h"

#include <QString>
#include <QTemporaryDir>

namespace xylem::testing {

inline QString mpiExampleSession(const QTemporaryDir& dir, const QString& file)
{
    const QString path = dir.filePath(file + ".xylem");
    auto session = store::Session::create(path.toStdString());
    if (!session) {
        return {};
    }
    const MpiTrace trace = lateRankTrace(4, 2, 500, 10);
    const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
    for (const char* name : {"late rank", "plain"}) {
        auto id = store::importRun(session.value(), run.configuration, run.tuples,
                                   store::RunMetadata{name, "", "test", "", ""});
        if (!id) {
            return {};
        }
    }
    return store::addMpiTrace(session.value(), 1, trace) ? path : QString();
}

} // namespace xylem::testing
