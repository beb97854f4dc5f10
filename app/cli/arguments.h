#pragma once

// Command-line options of the form --name value, --name=value and --flag, some repeatable.

#include "core/model/result.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace xylem::cli {

class Arguments
{
public:
    // valued: options that take a value; flags: options that do not. Anything else is an error.
    static Result<Arguments> parse(const std::vector<std::string>& args,
                                   const std::set<std::string>& valued,
                                   const std::set<std::string>& flags);

    bool has(const std::string& name) const { return m_values.contains(name); }
    const std::vector<std::string>& all(const std::string& name) const;
    // The single value of an option; an error when it is missing or given twice.
    Result<std::string> one(const std::string& name) const;
    // The value if given once, else fallback.
    Result<std::string> oneOr(const std::string& name, const std::string& fallback) const;
    Result<int> integer(const std::string& name, int fallback, int min, int max) const;

private:
    std::map<std::string, std::vector<std::string>> m_values;
};

} // namespace xylem::cli
