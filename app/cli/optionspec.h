#pragma once

// What a subcommand's options are, described once: the parser (app/cli/cliparser.h, CLI11) reads
// them, the help lists them with their descriptions and defaults, and checks them before the
// command's body runs, so that a bad value is refused with a message naming its option.

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::cli {

enum class OptionKind
{
    Value, // --name VALUE (or --name=VALUE); may be repeated, the body says whether it may
    Flag,  // --name
    List   // --name V1 V2 ... : every value up to the next option
};

// A check of every value of an option, made while parsing.
struct OptionCheck
{
    enum class Kind
    {
        None,
        Integer,      // from min to max
        RunId,        // a positive integer
        ExistingFile, // an input that must be there
        OneOf         // one of `choices`
    };
    Kind kind = Kind::None;
    std::int64_t min = 0;
    std::int64_t max = 0;
    std::vector<std::string> choices = {};
};

OptionCheck integerIn(std::int64_t min, std::int64_t max);
OptionCheck runId();
OptionCheck existingFile();
OptionCheck oneOf(std::vector<std::string> choices);

struct OptionSpec
{
    std::string name; // "top" for --top; a single letter ("o") is the short option -o
    OptionKind kind = OptionKind::Value;
    std::string description;      // one line for the help
    std::string defaultText = {}; // what the command uses when the option is absent
    OptionCheck check = {};
    std::string valueName =
        {}; // the help's name of the value (FILE, N...); from the check if empty
};

OptionSpec valueOption(std::string name, std::string description, std::string defaultText = {},
                       OptionCheck check = {}, std::string valueName = {});
OptionSpec flagOption(std::string name, std::string description);
OptionSpec listOption(std::string name, std::string description, OptionCheck check = {});

// The options most commands share, described the same way everywhere.
OptionSpec sessionOption(bool mustExist = true);
OptionSpec runOption();

struct CommandSpec
{
    const char* name;
    // The forms of the command and what it does, several lines: the head of its --help, and
    // printed after a usage error.
    const char* usage;
    std::vector<OptionSpec> options;
    // A first positional argument is the session, as --session gives it (`xylem-cli info S.xylem`),
    // checked as the "session" option is.
    bool sessionFirst = false;
};

} // namespace xylem::cli
