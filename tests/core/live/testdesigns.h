#pragma once

// Designs the core/live suites share.

#include "core/live/scopegenerator.h"

namespace xylem::live::test {

// front-end on fe, two relays (k-ary, fanout 2) over n1..n4.
inline ScopeDesign fourHosts()
{
    DesignSpec spec;
    spec.hosts.hosts = {"n1", "n2", "n3", "n4"};
    spec.fanout = 2;
    spec.frontEndHost = "fe";
    spec.name = "four";
    return generateDesign(spec).value();
}

} // namespace xylem::live::test
