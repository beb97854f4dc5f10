#pragma once

// The validation rules of metrics.md §8, kept apart from Configuration so that each rule reads
// on its own. Every error names the wrapper (or host) and the rule it breaks.

#include "core/model/result.h"
#include "core/model/wrapper.h"

#include <string_view>
#include <vector>

namespace xylem {

struct ValidatedTree
{
    int root = -1;
    std::vector<WrapperKind> kinds; // per wrapper, in listing order
    std::vector<int> parents;       // per wrapper; -1 for the root
};

Result<ValidatedTree> checkConfigurationRules(const std::vector<Host>& hosts,
                                              const std::vector<WrapperSpec>& wrappers);

// Ids travel in CSV fields and file names: no commas, quotes, whitespace or control characters.
bool isValidId(std::string_view id);

} // namespace xylem
