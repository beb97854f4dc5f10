#pragma once

// A session file holding one generated run, for the suites that open a run from a file. Header
// only: the support library stays free of the store, and only suites that link it include this.

#include "core/store/runwriter.h"
#include "core/store/session.h"

#include <span>
#include <string>

namespace xylem::testing {

// Creates the session at `path` and imports the tuples as its run `name`; the run's id, or why
// the file or the run could not be made.
inline Result<std::int64_t> storeRun(const std::string& path, const Configuration& config,
                                     std::span<const Tuple> tuples, const std::string& name)
{
    auto session = store::Session::create(path);
    if (!session) {
        return session.error();
    }
    return store::importRun(session.value(), config, tuples,
                            store::RunMetadata{name, "", "test", "", ""});
}

} // namespace xylem::testing
