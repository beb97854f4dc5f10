#pragma once

// Internal to core/gather: the built-in transformation filters of filter.h, which
// FilterRegistry's constructor registers. Given an empty span of inputs each returns an empty
// batch of the kind it makes (concat: Bytes) with contributors 0.

#include "core/gather/filterplugin.h"

#include <span>

namespace xylem::gather {

std::span<const PluginFilter> builtinFilters();

} // namespace xylem::gather
