#include "core/tree/leafsource.h"

#include "core/tree/clockoffset.h"

namespace xylem::tree {

using namespace gather;

namespace {

// A source made from a function of the wave.
class FunctionSource final : public LeafSource
{
public:
    explicit FunctionSource(std::function<Batch(std::uint64_t)> make)
        : m_make(std::move(make))
    {
    }
    Result<Batch> produce(std::uint64_t wave) override { return m_make(wave); }

private:
    std::function<Batch(std::uint64_t)> m_make;
};

std::int64_t argument(const SourceSpec& spec, size_t i, std::int64_t fallback)
{
    return i < spec.arguments.size() ? spec.arguments[i] : fallback;
}

Batch syntheticTuples(std::uint32_t node, std::uint64_t wave, size_t n)
{
    Tuples t;
    t.tuples.resize(n);
    const auto seq = static_cast<std::int64_t>(wave);
    for (size_t i = 0; i < n; ++i) {
        const auto down = seq * 1'000'000 + static_cast<std::int64_t>(i) * 100 + node;
        t.tuples[i] = Tuple{seq, down, down + 50 + node, node, 1, 0};
    }
    return Batch{1, std::move(t)};
}

} // namespace

Result<std::unique_ptr<LeafSource>> makeBuiltinSource(const SourceSpec& spec, std::uint32_t node)
{
    const double self = node;
    std::function<Batch(std::uint64_t)> make;
    if (spec.name == "synthetic-tuples") {
        const std::int64_t n = argument(spec, 0, 1);
        if (n < 0 || n > (1 << 22)) {
            return makeError(ErrorCode::InvalidArgument,
                             "synthetic-tuples: 0 to 4194304 tuples per wave");
        }
        make = [node, n](std::uint64_t wave) {
            return syntheticTuples(node, wave, static_cast<size_t>(n));
        };
    } else if (spec.name == "node-number") {
        make = [self](std::uint64_t) {
            return Batch{1, Numbers{{self, 1.0}}};
        };
    } else if (spec.name == "node-class") {
        const std::int64_t k = argument(spec, 0, 2);
        if (k < 1) {
            return makeError(ErrorCode::InvalidArgument,
                             "node-class: the modulus must be at least 1");
        }
        make = [node, k](std::uint64_t) {
            return Batch{1, Classes{{ClassEntry{node % k, {node}}}}};
        };
    } else if (spec.name == "node-stats") {
        make = [node, self](std::uint64_t) {
            return Batch{1, Stats{{StatEntry{0, 1, self, 0.0, node, node}}}};
        };
    } else if (spec.name == "bytes") {
        const std::int64_t n = argument(spec, 0, 8);
        if (n < 0 || n > (16 << 20)) {
            return makeError(ErrorCode::InvalidArgument, "bytes: 0 to 16 MiB per wave");
        }
        make = [node, n](std::uint64_t) {
            return Batch{1, Bytes{std::vector<std::uint8_t>(static_cast<size_t>(n),
                                                            static_cast<std::uint8_t>(node))}};
        };
    } else if (spec.name == "clock") {
        make = [node](std::uint64_t wave) {
            const std::int64_t now = tupleClockNowNs();
            return Batch{1, Tuples{{Tuple{static_cast<std::int64_t>(wave), now, now, node, 0, 0}}}};
        };
    } else {
        return makeError(ErrorCode::InvalidArgument,
                         "no source named '" + spec.name + "' on this leaf");
    }
    return std::unique_ptr<LeafSource>(new FunctionSource(std::move(make)));
}

} // namespace xylem::tree
