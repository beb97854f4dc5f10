#include "core/model/wrapper.h"

#include <array>
#include <utility>

namespace xylem {

namespace {
constexpr std::array<std::pair<WrapperKind, std::string_view>, 4> kKindNames{{
    {WrapperKind::Thread, "thread"},
    {WrapperKind::Gred, "gred"},
    {WrapperKind::Proxy, "proxy"},
    {WrapperKind::Core, "core"},
}};
} // namespace

std::string_view toString(WrapperKind kind)
{
    for (const auto& [k, name] : kKindNames) {
        if (k == kind) {
            return name;
        }
    }
    return "unknown";
}

std::optional<WrapperKind> wrapperKindFromString(std::string_view text)
{
    for (const auto& [k, name] : kKindNames) {
        if (name == text) {
            return k;
        }
    }
    return std::nullopt;
}

} // namespace xylem
