#pragma once

// Where a leaf's batch for each wave comes from, chosen per stream by name. The built-in
// sources below need nothing but the node itself — the tree's own tests and benchmarks use them
// to measure the tree alone; the collector daemon adds the real ones (its rings, its samples).
//
//   synthetic-tuples [n]    n tuples per wave (seq = wave, collector = node, down/up made up)
//   node-number             Numbers {node index, 1}: sums, min/max and averages are known
//   node-class [k]          Classes {node % k: [node]}
//   node-stats              Stats {key 0: one value, the node index}
//   bytes [n]               Bytes: n bytes of the node index
//   clock                   Tuples {one: down = up = the node's tuple clock (clockoffset.h)}

#include "core/gather/batch.h"
#include "core/model/result.h"
#include "core/tree/treemessages.h"

#include <functional>
#include <memory>

namespace xylem::tree {

class LeafSource
{
public:
    virtual ~LeafSource() = default;
    virtual Result<gather::Batch> produce(std::uint64_t wave) = 0;
};

using SourceFactory = std::function<Result<std::unique_ptr<LeafSource>>(const SourceSpec&)>;

// A built-in source, or an error naming the unknown source.
Result<std::unique_ptr<LeafSource>> makeBuiltinSource(const SourceSpec& spec, std::uint32_t node);

} // namespace xylem::tree
