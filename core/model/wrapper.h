#pragma once

// The building blocks of a collective's spanning tree (metrics.md §1).

#include <optional>
#include <string>
#include <string_view>

namespace xylem {

enum class WrapperKind
{
    Thread, // an application thread or MPI rank; always a leaf
    Gred,   // partial allreduce: joins its children's paths
    Proxy,  // a network hop; exactly one child
    Core,   // stores the reduced value; only as the root
};

std::string_view toString(WrapperKind kind);
std::optional<WrapperKind> wrapperKindFromString(std::string_view text);

struct Host
{
    std::string id;
    std::string cluster;

    bool operator==(const Host&) const = default;
};

// A validated wrapper inside a Configuration: the parent is an index (-1 for the root).
struct Wrapper
{
    std::string id;
    WrapperKind kind = WrapperKind::Thread;
    std::string host;
    int parent = -1;

    bool operator==(const Wrapper&) const = default;
};

// A wrapper as written in a file or made by a generator, before validation: the kind is still
// text (an unknown kind is a validation error that names the wrapper) and the parent is an id.
struct WrapperSpec
{
    std::string id;
    std::string kind;
    std::string host;
    std::optional<std::string> parent;
};

} // namespace xylem
