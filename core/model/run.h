#pragma once

// A run: one configuration and the tuples recorded on it.

#include "core/model/configuration.h"
#include "core/model/tuple.h"

#include <vector>

namespace xylem {

struct Run
{
    Configuration configuration;
    std::vector<Tuple> tuples;
};

} // namespace xylem
