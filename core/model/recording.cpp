#include "core/model/recording.h"

#include <array>
#include <utility>

namespace xylem {

namespace {
constexpr std::array<std::pair<BufferPolicy, std::string_view>, 4> kPolicies{{
    {BufferPolicy::FillRead, "fill-read"},
    {BufferPolicy::ReplaceRead, "replace-read"},
    {BufferPolicy::FillDrain, "fill-drain"},
    {BufferPolicy::ReplaceDrain, "replace-drain"},
}};
} // namespace

std::string_view toString(BufferPolicy policy)
{
    for (const auto& [p, name] : kPolicies) {
        if (p == policy) {
            return name;
        }
    }
    return "unknown";
}

std::optional<BufferPolicy> bufferPolicyFromString(std::string_view text)
{
    for (const auto& [p, name] : kPolicies) {
        if (name == text) {
            return p;
        }
    }
    return std::nullopt;
}

std::string_view toString(ClockKind clock)
{
    switch (clock) {
    case ClockKind::Tsc:
        return "tsc";
    case ClockKind::Monotonic:
        return "clock_gettime";
    }
    return "unknown";
}

} // namespace xylem
