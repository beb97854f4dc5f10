#include "core/model/textfile.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>
#include <system_error>

namespace xylem {

Result<std::string> readTextFile(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        return makeError(ErrorCode::IoError, "is a directory, not a file", path);
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(ErrorCode::IoError, std::string("cannot open: ") + std::strerror(errno),
                         path);
    }
    std::string text;
    in.seekg(0, std::ios::end);
    const auto size = in.tellg();
    if (size > 0) {
        text.resize(static_cast<size_t>(size));
        in.seekg(0, std::ios::beg);
        in.read(text.data(), size);
    }
    if (in.bad() || (size > 0 && in.gcount() != size)) {
        return makeError(ErrorCode::IoError, "read error", path);
    }
    return text;
}

std::string describePosition(std::string_view text, size_t offset)
{
    offset = std::min(offset, text.size());
    size_t line = 1;
    size_t lineStart = 0;
    for (size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(offset - lineStart + 1);
}

} // namespace xylem
