#pragma once

// A session file for the window suites: the two worked examples imported as runs 1
// ("two-hosts") and 2 ("flat-mpi"). Empty on failure.

#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "tests/support/testdata.h"

#include <QString>
#include <QTemporaryDir>

namespace xylem::testing {

inline QString exampleSession(const QTemporaryDir& dir,
                              const QString& name = QStringLiteral("examples.xylem"))
{
    const QString path = dir.filePath(name);
    auto session = store::Session::create(path.toStdString());
    for (const char* example : {"two-hosts", "flat-mpi"}) {
        const Run run = exampleRun(example);
        if (!session || !store::importRun(session.value(), run.configuration, run.tuples,
                                          store::RunMetadata{example, "", "test", "", ""})) {
            return {};
        }
    }
    return path;
}

} // namespace xylem::testing
