#pragma once

// The entry point a filter plugin (a shared library) exports:
//
//   extern "C" const xylem::gather::PluginFilters* xylem_gather_filters();
//
// Built with the same compiler and Xylem headers as the node that loads it; abiVersion guards
// against a plugin built for another layout of Batch.

#include "core/gather/filter.h"

namespace xylem::gather {

inline constexpr std::uint32_t kFilterPluginAbi = 1;

struct PluginFilter
{
    const char* name;
    FilterFunction function;
};

struct PluginFilters
{
    std::uint32_t abiVersion; // kFilterPluginAbi
    std::uint32_t count;
    const PluginFilter* filters;
};

} // namespace xylem::gather
