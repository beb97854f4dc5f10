#pragma once

// For the suites that deploy a scope design from the window: how many of its collectors have
// live figures on the canvas with tuples flowing.

#include "views/scopedocument.h"

namespace xylem::testing {

inline int collectorsReporting(const views::ScopeDocument& document)
{
    int reporting = 0;
    for (const live::DesignNode& n : document.design().nodes) {
        const auto f = document.figures().find(n.id);
        reporting += n.kind == live::DesignNodeKind::Collector && f != document.figures().end() &&
                     f->second.tuplesPerSecond > 0;
    }
    return reporting;
}

} // namespace xylem::testing
