#include "core/model/environment.h"

#include <algorithm>
#include <string_view>

extern char** environ;

namespace xylem {

std::vector<std::string> environmentWith(const std::vector<std::string>& own)
{
    std::vector<std::string> env(own);
    for (char** e = environ; *e; ++e) {
        const std::string_view entry(*e);
        const auto name = entry.substr(0, entry.find('=') + 1);
        if (std::none_of(own.begin(), own.end(),
                         [name](const std::string& o) { return o.starts_with(name); })) {
            env.emplace_back(entry);
        }
    }
    return env;
}

} // namespace xylem
