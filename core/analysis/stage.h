#pragma once

// The stages of a thread's path (metrics.md §4) and where they happen.

#include <optional>
#include <string_view>

namespace xylem {

enum class Stage
{
    ArrivalWait,
    DownLatency,
    Down,
    Store,
    Operation,
    DepartureWait,
    UpLatency,
    Up
};
enum class Direction
{
    Down,
    Root,
    Up
};

// Exactly the names of metrics.md §8: "arrival wait", "down latency", ...
std::string_view toString(Stage stage);
std::string_view toString(Direction direction);
std::optional<Stage> stageFromString(std::string_view text);

} // namespace xylem
