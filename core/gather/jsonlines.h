#pragma once

// The line framing shared by the streams that carry JSON lines (samplelines.h,
// nodecountlines.h): every non-empty line decoded in order, the first bad one's error returned.

#include "core/model/result.h"

#include <string_view>
#include <vector>

namespace xylem::gather {

// decode(line, number) -> Result<T>; number counts from 1 over every line, empty ones included.
template <typename T, typename Decode>
Result<std::vector<T>> decodeLines(std::string_view text, Decode decode)
{
    std::vector<T> out;
    size_t number = 0;
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) {
            continue;
        }
        XYLEM_TRY(decoded, decode(line, number));
        out.push_back(std::move(decoded).value());
    }
    return out;
}

} // namespace xylem::gather
