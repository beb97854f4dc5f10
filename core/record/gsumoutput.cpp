#include "core/record/gsumoutput.h"

#include <cstdlib>
#include <fstream>

namespace xylem::record {

std::optional<double> gsumIterationUs(const std::string& outputFile)
{
    std::ifstream in(outputFile);
    for (std::string line; std::getline(in, line);) {
        const auto at = line.find(" us per iteration");
        const auto colon = line.rfind(": ", at);
        if (line.starts_with("gsum: ") && at != std::string::npos && colon != std::string::npos) {
            char* end = nullptr;
            const double us = std::strtod(line.c_str() + colon + 2, &end);
            if (end == line.c_str() + at && us > 0) {
                return us;
            }
        }
    }
    return std::nullopt;
}

} // namespace xylem::record
