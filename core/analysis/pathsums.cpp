#include "core/analysis/pathsums.h"

#include "core/analysis/stats.h"

namespace xylem {

double PathSums::mean(Int128 sum) const
{
    return calls > 0 ? static_cast<double>(sum) / static_cast<double>(calls) : kNoValue;
}

} // namespace xylem
