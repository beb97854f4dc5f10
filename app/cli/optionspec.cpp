#include "app/cli/optionspec.h"

#include <utility>

namespace xylem::cli {

OptionCheck integerIn(std::int64_t min, std::int64_t max)
{
    return {OptionCheck::Kind::Integer, min, max};
}

OptionCheck runId()
{
    return {OptionCheck::Kind::RunId};
}

OptionCheck existingFile()
{
    return {OptionCheck::Kind::ExistingFile};
}

OptionCheck oneOf(std::vector<std::string> choices)
{
    return {OptionCheck::Kind::OneOf, 0, 0, std::move(choices)};
}

OptionSpec valueOption(std::string name, std::string description, std::string defaultText,
                       OptionCheck check, std::string valueName)
{
    return {std::move(name),        OptionKind::Value, std::move(description),
            std::move(defaultText), std::move(check),  std::move(valueName)};
}

OptionSpec flagOption(std::string name, std::string description)
{
    return {std::move(name), OptionKind::Flag, std::move(description)};
}

OptionSpec listOption(std::string name, std::string description, OptionCheck check)
{
    return {std::move(name), OptionKind::List, std::move(description), {}, std::move(check)};
}

OptionSpec sessionOption(bool mustExist)
{
    return valueOption("session",
                       mustExist ? "the session file" : "the session file, created if missing", {},
                       mustExist ? existingFile() : OptionCheck{}, "S.xylem");
}

OptionSpec runOption()
{
    return valueOption("run", "the session's run to use", "the only run", runId(), "N");
}

} // namespace xylem::cli
