#include "core/analysis/stage.h"

#include <array>

namespace xylem {

namespace {
constexpr std::array<std::string_view, 8> kStageNames{
    "arrival wait", "down latency",   "down",       "store",
    "operation",    "departure wait", "up latency", "up"};
}

std::string_view toString(Stage stage)
{
    return kStageNames[static_cast<size_t>(stage)];
}

std::string_view toString(Direction direction)
{
    switch (direction) {
    case Direction::Down:
        return "down";
    case Direction::Root:
        return "root";
    case Direction::Up:
        return "up";
    }
    return "unknown";
}

std::optional<Stage> stageFromString(std::string_view text)
{
    for (size_t i = 0; i < kStageNames.size(); ++i) {
        if (kStageNames[i] == text) {
            return static_cast<Stage>(i);
        }
    }
    return std::nullopt;
}

} // namespace xylem
