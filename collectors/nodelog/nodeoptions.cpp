#include "collectors/nodelog/nodeoptions.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

namespace xylem::nodeoptions {

namespace {

void prepareOne(CLI::App& app, const std::string& line)
{
    app.set_version_flag("--version", line, "Print the program's name and version, and exit");
    app.set_help_flag("-h,--help", "Print this help and exit");
    app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    app.get_formatter()->column_width(40);
}

// "xylem-gsum launch" for an error in launch's options: where its --help is.
std::string commandOf(const CLI::App& app, const std::string& program)
{
    std::string command = program;
    for (const CLI::App* sub : app.get_subcommands()) {
        command += " " + sub->get_name();
        for (const CLI::App* inner = sub; !inner->get_subcommands().empty();) {
            inner = inner->get_subcommands().front();
            command += " " + inner->get_name();
        }
    }
    return command;
}

} // namespace

void prepare(CLI::App& app, const std::string& program, const std::string& version)
{
    const std::string line = program + " " + version;
    prepareOne(app, line);
    for (CLI::App* sub : app.get_subcommands({})) {
        prepareOne(*sub, line);
    }
}

std::optional<int> parse(CLI::App& app, std::vector<std::string> arguments,
                         const std::string& program)
{
    std::reverse(arguments.begin(), arguments.end()); // CLI11 takes them last first
    try {
        app.parse(arguments);
    } catch (const CLI::Success& e) { // --help, --version
        return app.exit(e, std::cout, std::cerr);
    } catch (const CLI::ParseError& e) {
        std::cerr << program << ": " << e.what() << "\nRun '" << commandOf(app, program)
                  << " --help' for the options.\n";
        return kUsageError;
    }
    return std::nullopt;
}

std::optional<int> parse(CLI::App& app, int argc, char** argv, const std::string& program)
{
    std::vector<std::string> arguments;
    for (int i = 1; i < argc; ++i) {
        arguments.emplace_back(argv[i]);
    }
    return parse(app, std::move(arguments), program);
}

} // namespace xylem::nodeoptions
