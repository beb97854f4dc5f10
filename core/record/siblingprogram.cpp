#include "core/record/siblingprogram.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <sstream>
#include <unistd.h>
#include <vector>

namespace xylem::record {

namespace {

namespace fs = std::filesystem;

bool runnable(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

std::string buildTreePath(const std::string& name)
{
    static const std::map<std::string, std::string> built{
        {"xylem-gsum", XYLEM_BUILT_GSUM},
        {"xylem-collector", XYLEM_BUILT_COLLECTOR},
        {"xylem-relay", XYLEM_BUILT_RELAY}};
    const auto it = built.find(name);
    return it == built.end() ? std::string() : it->second;
}

} // namespace

Result<std::string> findSiblingProgram(const std::string& name)
{
    std::string variable = "XYLEM_";
    for (const char c : name.substr(name.find('-') + 1)) {
        variable += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    if (const char* given = std::getenv(variable.c_str()); given && *given) {
        if (!runnable(given)) {
            return makeError(ErrorCode::NotFound, "$" + variable + " is not a program: " + given);
        }
        return std::string(given);
    }
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    std::vector<fs::path> candidates;
    if (!ec) {
        candidates.push_back(self.parent_path() / name);
    }
    if (const std::string built = buildTreePath(name); !built.empty()) {
        candidates.emplace_back(built);
    }
    if (const char* path = std::getenv("PATH")) {
        std::stringstream dirs(path);
        for (std::string dir; std::getline(dirs, dir, ':');) {
            candidates.push_back(fs::path(dir) / name);
        }
    }
    for (const fs::path& p : candidates) {
        if (runnable(p)) {
            return p.string();
        }
    }
    return makeError(ErrorCode::NotFound, "cannot find " + name + " (set $" + variable + ")");
}

} // namespace xylem::record
