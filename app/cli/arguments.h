#pragma once

// A subcommand's options as given, by name: what the command's body reads. Filled by the parser
// (app/cli/cliparser.h), which has already checked each value as the command's spec says.

#include "core/model/result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace xylem::cli {

class Arguments
{
public:
    // One more value of an option ("" for a flag).
    void add(const std::string& name, std::string value)
    {
        m_values[name].push_back(std::move(value));
    }

    bool has(const std::string& name) const { return m_values.contains(name); }
    const std::vector<std::string>& all(const std::string& name) const;
    // The single value of an option; an error when it is missing or given twice.
    Result<std::string> one(const std::string& name) const;
    // The value if given once, else fallback.
    Result<std::string> oneOr(const std::string& name, const std::string& fallback) const;
    Result<int> integer(const std::string& name, int fallback, int min, int max) const;
    // A decimal number ("1.05") in [min, max]; fallback when absent.
    Result<double> decimal(const std::string& name, double fallback, double min, double max) const;
    // An id-like integer if given once; nullopt if absent.
    Result<std::optional<std::int64_t>> optionalId(const std::string& name) const;
    // Every value of a repeated option as an id.
    Result<std::vector<std::int64_t>> ids(const std::string& name) const;

private:
    std::map<std::string, std::vector<std::string>> m_values;
};

} // namespace xylem::cli
