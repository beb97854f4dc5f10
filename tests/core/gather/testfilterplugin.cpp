// A filter plugin for tst_filterplugin, built in variants (XYLEM_PLUGIN_VARIANT):
//   0  good: "product" and "count"
//   1  built for another ABI version
//   2  no entry point at all
//   3  a table whose second filter has no function

#include "core/gather/filterplugin.h"

#include <algorithm>

using namespace xylem;
using namespace xylem::gather;

#if XYLEM_PLUGIN_VARIANT != 2

namespace {

// Numbers multiplied element-wise (absent elements do not take part).
Result<Batch> product(std::span<const Batch> inputs, std::span<const std::int64_t>)
{
    Numbers out;
    std::uint32_t contributors = 0;
    for (const Batch& b : inputs) {
        const auto* n = std::get_if<Numbers>(&b.content);
        if (!n) {
            return makeError(ErrorCode::InvalidArgument,
                             std::string("filter 'product' does not take ") +
                                 batchKindName(b.kind()) + " batches");
        }
        out.values.resize(std::max(out.values.size(), n->values.size()), 1.0);
        for (size_t i = 0; i < n->values.size(); ++i) {
            out.values[i] *= n->values[i];
        }
        contributors += b.contributors;
    }
    return Batch{contributors, std::move(out)};
}

// How many inputs the wave had, scaled by the first argument if any; takes any kind.
Result<Batch> count(std::span<const Batch> inputs, std::span<const std::int64_t> arguments)
{
    const double scale = arguments.empty() ? 1.0 : double(arguments[0]);
    return Batch{std::uint32_t(inputs.size()), Numbers{{double(inputs.size()) * scale}}};
}

const PluginFilter kFilters[] = {{"product", &product},
                                 {"count", XYLEM_PLUGIN_VARIANT == 3 ? nullptr : &count}};

const PluginFilters kTable{XYLEM_PLUGIN_VARIANT == 1 ? kFilterPluginAbi + 1 : kFilterPluginAbi, 2,
                           kFilters};

} // namespace

extern "C" __attribute__((visibility("default"))) const PluginFilters* xylem_gather_filters()
{
    return &kTable;
}

#else

// A library with something in it, but not the entry point.
extern "C" __attribute__((visibility("default"))) int xylem_not_a_filter_plugin()
{
    return 0;
}

#endif
