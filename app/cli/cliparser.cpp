#include "app/cli/cliparser.h"

#include <CLI/CLI.hpp>

#include <charconv>
#include <filesystem>
#include <memory>
#include <regex>

#include "xylem/version.h"

namespace xylem::cli {

namespace {

Error usage(std::string message)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message));
}

// The spec's usage (it shows every form of the command, which CLI11's one line cannot) instead
// of CLI11's own usage line.
class Formatter : public CLI::Formatter
{
public:
    std::string make_usage(const CLI::App*, std::string) const override { return {}; }
    // At least two spaces between an option and its description, as man pages have it (one
    // space where the option just fits the column reads as part of it).
    std::string make_option_opts(const CLI::Option* option) const override
    {
        return CLI::Formatter::make_option_opts(option) + " ";
    }
};

std::string joined(const std::vector<std::string>& words, const std::string& separator)
{
    std::string out;
    for (const std::string& w : words) {
        out += (out.empty() ? "" : separator) + w;
    }
    return out;
}

// CLI11 prefixes the message with the option's name ("--top: must be ...").
std::string checkValue(const std::string& name, const OptionCheck& c, const std::string& s)
{
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    const bool integer = ec == std::errc() && end == s.data() + s.size();
    switch (c.kind) {
    case OptionCheck::Kind::None:
        return {};
    case OptionCheck::Kind::Integer:
        return integer && value >= c.min && value <= c.max
                   ? std::string()
                   : "must be an integer from " + std::to_string(c.min) + " to " +
                         std::to_string(c.max) + ", not '" + s + "'";
    case OptionCheck::Kind::RunId:
        return integer && value >= 1 ? std::string()
                                     : "takes a positive integer (a run id), not '" + s + "'";
    case OptionCheck::Kind::ExistingFile: {
        std::error_code error;
        const auto status = std::filesystem::status(s, error);
        if (!std::filesystem::exists(status)) {
            return "no such file '" + s + "'";
        }
        return std::filesystem::is_directory(status) ? "'" + s + "' is a folder, not a file"
                                                     : std::string();
    }
    case OptionCheck::Kind::OneOf:
        for (const std::string& choice : c.choices) {
            if (s == choice) {
                return {};
            }
        }
        return "unknown " + name + " '" + s + "' (one of " + joined(c.choices, ", ") + ")";
    }
    return {};
}

std::string valueNameOf(const OptionSpec& o)
{
    if (!o.valueName.empty()) {
        return o.valueName;
    }
    switch (o.check.kind) {
    case OptionCheck::Kind::Integer:
    case OptionCheck::Kind::RunId:
        return "N";
    case OptionCheck::Kind::ExistingFile:
        return "FILE";
    case OptionCheck::Kind::OneOf:
        return joined(o.check.choices, "|");
    case OptionCheck::Kind::None:
        break;
    }
    return "TEXT";
}

CLI::Option* addOption(CLI::App& app, const std::string& flagName, const OptionSpec& o)
{
    const std::string description =
        o.description + (o.defaultText.empty() ? "" : " (default: " + o.defaultText + ")");
    if (o.kind == OptionKind::Flag) {
        // Repeating a flag is harmless; it says the same thing.
        return app.add_flag(flagName, description)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    }
    CLI::Option* opt = app.add_option(flagName, description);
    opt->type_name(valueNameOf(o));
    if (o.kind == OptionKind::List) {
        opt->expected(1, CLI::detail::expected_max_vector_size)->allow_extra_args(true);
    }
    // Every value is kept: the body says whether an option may be repeated (import takes one
    // --tree per run) and refuses one given twice that may not, by name.
    opt->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    if (o.check.kind != OptionCheck::Kind::None) {
        const std::string name = o.name;
        const OptionCheck check = o.check;
        opt->check(CLI::Validator(
            [name, check](std::string& s) { return checkValue(name, check, s); }, ""));
    }
    return opt;
}

struct BuiltApp
{
    std::unique_ptr<CLI::App> app;
    std::vector<std::pair<const OptionSpec*, CLI::Option*>> options;
    CLI::Option* sessionFirst = nullptr;
};

BuiltApp buildApp(const CommandSpec& spec)
{
    std::string usage = spec.usage;
    while (usage.ends_with('\n')) {
        usage.pop_back(); // CLI11 ends the description with its own
    }
    BuiltApp built{std::make_unique<CLI::App>(usage, std::string("xylem-cli ") + spec.name)};
    CLI::App& app = *built.app;
    app.formatter(std::make_shared<Formatter>());
    app.get_formatter()->column_width(32);
    app.set_help_flag("-h,--help", "print this help and exit");
    app.set_version_flag("--version", std::string("xylem-cli ") + kVersion,
                         "print the version and exit");
    // Unknown arguments are named by parseCommandLine, in the words the tests and users know.
    app.allow_extras();
    for (const OptionSpec& o : spec.options) {
        const std::string flagName = (o.name.size() == 1 ? "-" : "--") + o.name;
        built.options.emplace_back(&o, addOption(app, flagName, o));
    }
    if (spec.sessionFirst) {
        OptionCheck check;
        for (const OptionSpec& o : spec.options) {
            check = o.name == "session" ? o.check : check;
        }
        OptionSpec positional =
            valueOption("SESSION", "the session file, as --session gives it", {}, check, "S.xylem");
        built.sessionFirst = addOption(app, "SESSION", positional);
        built.sessionFirst->expected(1)->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    }
    return built;
}

Result<Arguments> collect(const BuiltApp& built)
{
    const auto extras = built.app->remaining();
    if (!extras.empty()) {
        const std::string& first = extras.front();
        return usage(first.starts_with("-") ? "unknown option " + first.substr(0, first.find('='))
                                            : "unexpected argument '" + first + "'");
    }
    Arguments arguments;
    for (const auto& [spec, opt] : built.options) {
        if (spec->kind == OptionKind::Flag) {
            for (size_t i = 0; i < opt->count(); ++i) {
                arguments.add(spec->name, "");
            }
            continue;
        }
        for (const std::string& value : opt->results()) {
            arguments.add(spec->name, value);
        }
    }
    if (built.sessionFirst && built.sessionFirst->count() > 0) {
        if (arguments.has("session")) {
            return usage("give the session once: as the first argument or with --session");
        }
        arguments.add("session", built.sessionFirst->results().front());
    }
    return arguments;
}

// CLI11 says "--top: 1 required N missing" of an option given without its value; users read
// "--top needs a value (N)".
std::string plainMismatch(const std::string& message)
{
    static const std::regex missing(R"(^(\S+): \d+ required (\S+) missing$)");
    std::smatch m;
    return std::regex_match(message, m, missing)
               ? m[1].str() + " needs a value (" + m[2].str() + ")"
               : message;
}

} // namespace

Result<std::optional<Arguments>> parseCommandLine(const CommandSpec& spec, const Args& args,
                                                  std::ostream& out)
{
    BuiltApp built = buildApp(spec);
    try {
        // CLI11 takes the arguments last first.
        std::vector<std::string> reversed(args.rbegin(), args.rend());
        built.app->parse(reversed);
    } catch (const CLI::CallForHelp&) {
        out << built.app->help();
        return std::optional<Arguments>();
    } catch (const CLI::CallForVersion& e) {
        out << e.what() << '\n';
        return std::optional<Arguments>();
    } catch (const CLI::ArgumentMismatch& e) {
        return usage(plainMismatch(e.what()));
    } catch (const CLI::ParseError& e) {
        return usage(e.what());
    }
    XYLEM_TRY(arguments, collect(built));
    return std::optional<Arguments>(std::move(arguments).value());
}

std::string commandHelp(const CommandSpec& spec)
{
    return buildApp(spec).app->help();
}

} // namespace xylem::cli
