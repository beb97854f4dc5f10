#pragma once

// The argv and envp arrays execve takes, over strings that outlive the call: made before fork,
// since the child may only make async-signal-safe calls until it execs.

#include <string>
#include <vector>

namespace xylem::record {

inline std::vector<char*> execStrings(const std::vector<std::string>& strings)
{
    std::vector<char*> out;
    out.reserve(strings.size() + 1);
    for (const std::string& s : strings) {
        out.push_back(const_cast<char*>(s.c_str()));
    }
    out.push_back(nullptr);
    return out;
}

} // namespace xylem::record
