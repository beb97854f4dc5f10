#include "collectors/collector/notelevel.h"

namespace xylem::collector {

nodelog::Level levelOfNote(std::string_view line)
{
    for (const std::string_view warning :
         {"refused ", "garbage registration", "system sample failed", "retired damaged "}) {
        if (line.starts_with(warning)) {
            return nodelog::Level::Warning;
        }
    }
    if (line.starts_with("closing a connection: ")) {
        return nodelog::Level::Debug;
    }
    return nodelog::Level::Info;
}

} // namespace xylem::collector
