#include "collectors/ring/ringlayout.h"

#include <unistd.h>

namespace xylem::ring {

std::string defaultRingPrefix()
{
    return "xylem-ring-" + std::to_string(::getuid()) + "-";
}

} // namespace xylem::ring
