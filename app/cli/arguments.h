#pragma once

// Command-line options of the form --name value, --name=value and --flag, some repeatable.

#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace xylem::cli {

class Arguments
{
public:
    // valued: options that take a value; flags: options that do not; lists: options that take
    // every value up to the next option (--runs 1 2). Anything else is an error.
    static Result<Arguments> parse(const std::vector<std::string>& args,
                                   const std::set<std::string>& valued,
                                   const std::set<std::string>& flags,
                                   const std::set<std::string>& lists = {});

    bool has(const std::string& name) const { return m_values.contains(name); }
    const std::vector<std::string>& all(const std::string& name) const;
    // The single value of an option; an error when it is missing or given twice.
    Result<std::string> one(const std::string& name) const;
    // The value if given once, else fallback.
    Result<std::string> oneOr(const std::string& name, const std::string& fallback) const;
    Result<int> integer(const std::string& name, int fallback, int min, int max) const;
    // An id-like integer if given once; nullopt if absent.
    Result<std::optional<std::int64_t>> optionalId(const std::string& name) const;
    // Every value of a repeated option as an id.
    Result<std::vector<std::int64_t>> ids(const std::string& name) const;

private:
    std::map<std::string, std::vector<std::string>> m_values;
};

} // namespace xylem::cli
