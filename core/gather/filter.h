#pragma once

// Transformation filters: pure functions from the batches of one wave (one per child that
// arrived) to one batch. Built-in ones are looked up by name; more come from plugins
// (filterplugin.h). A filter given batches of a kind it does not take returns an error that
// names the filter and the kind.
//
//   sum, min, max       Numbers, element-wise (shorter inputs count as absent elements)
//   average             Numbers weighted by contributors (composes exactly when the inputs
//                       have one length: a batch has one weight for all its values)
//   concat              Bytes appended in input order; Tuples appended in input order
//   raw                 Tuples appended (raw tracing), nothing else
//   last-arrival        Tuples: per (group, seq) keep the tuple with the largest down (a tie:
//                       the larger collector, the later in the configuration, as metrics.md);
//                       arguments[c] is the group (the gred) of collector c; collectors beyond
//                       the table are their own group
//   stats-merge         Stats merged per key
//   equivalence         Classes united per key (members merged)
//
// contributors of the result: the sum of the inputs'. No inputs: an empty batch of the kind the
// filter makes (concat: Bytes) with contributors 0.

#include "core/gather/batch.h"
#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace xylem::gather {

struct FilterSpec
{
    std::string name = "concat";
    std::vector<std::int64_t> arguments;
    // A plugin's shared library (filterplugin.h), loaded by a node that does not know the filter
    // yet; the path must name the same library on every host of the tree. Empty: built-in.
    std::string library;
    bool operator==(const FilterSpec&) const = default;
};

using FilterFunction = Result<Batch> (*)(std::span<const Batch> inputs,
                                         std::span<const std::int64_t> arguments);

// Built-in filters by name, plus any registered from plugins. Not global: each node owns one.
class FilterRegistry
{
public:
    FilterRegistry(); // with the built-in filters

    // Adds or replaces a filter; plugins register through this.
    void add(const std::string& name, FilterFunction function);
    // The filter of a spec, or an error naming the unknown filter and the known ones.
    Result<FilterFunction> find(const std::string& name) const;
    // The filter of spec: found, or loaded from spec.library first when it is not known yet.
    // Errors name the filter and, for a library that does not load, the file and why.
    Result<FilterFunction> resolve(const FilterSpec& spec);
    std::vector<std::string> names() const;

    // Loads a shared library exporting `xylem_gather_filters` (filterplugin.h) and adds its
    // filters; errors name the file and what went wrong (not found, no entry point, ABI).
    Result<std::vector<std::string>> loadPlugin(const std::string& path);

private:
    std::map<std::string, FilterFunction> m_filters;
    std::vector<std::shared_ptr<void>> m_libraries; // dlopen handles, closed with the registry
};

// Applies spec to inputs with the registry's filter.
Result<Batch> applyFilter(const FilterRegistry& registry, const FilterSpec& spec,
                          std::span<const Batch> inputs);

} // namespace xylem::gather
