#include "app/cli/windowoptions.h"

#include <limits>

namespace xylem::cli {

namespace {

Result<std::optional<WindowBound>> boundOption(const Arguments& args, const std::string& name)
{
    if (!args.has(name)) {
        return std::optional<WindowBound>();
    }
    XYLEM_TRY(text, args.one(name));
    auto bound = parseWindowBound(text.value());
    if (!bound) {
        return makeError(ErrorCode::InvalidArgument, "--" + name + ": " + bound.error().message);
    }
    return std::optional(bound.value());
}

nlohmann::ordered_json boundJson(const std::optional<WindowBound>& bound)
{
    return bound ? nlohmann::ordered_json(toString(*bound)) : nlohmann::ordered_json(nullptr);
}

} // namespace

std::vector<OptionSpec> windowOptions()
{
    return {valueOption("skip-calls", "leave out the run's first N calls (complete or not)", "0",
                        integerIn(0, std::numeric_limits<int>::max())),
            valueOption("from",
                        "analyse from call #S, or from a time since the run's first down "
                        "(250ms, 1.5s, 800us, 10ns)",
                        "the first call", {}, "#S|TIME"),
            valueOption("to", "analyse up to call #S (inclusive), or up to a time (exclusive)",
                        "the last call", {}, "#S|TIME")};
}

std::vector<OptionSpec> withWindowOptions(std::vector<OptionSpec> options)
{
    for (OptionSpec& o : windowOptions()) {
        options.push_back(std::move(o));
    }
    return options;
}

Result<CallWindow> windowFromArguments(const Arguments& args)
{
    CallWindow window;
    XYLEM_TRY(skip, args.integer("skip-calls", 0, 0, std::numeric_limits<int>::max()));
    window.skip = skip.value();
    XYLEM_TRY(from, boundOption(args, "from"));
    XYLEM_TRY(to, boundOption(args, "to"));
    window.from = from.value();
    window.to = to.value();
    auto valid = checkWindow(window);
    if (!valid) {
        return makeError(ErrorCode::InvalidArgument, "--from/--to: " + valid.error().message);
    }
    return window;
}

nlohmann::ordered_json windowToJson(const CallWindow& window)
{
    nlohmann::ordered_json j;
    j["skip_calls"] = window.skip;
    j["from"] = boundJson(window.from);
    j["to"] = boundJson(window.to);
    j["description"] = describe(window);
    return j;
}

void printWindowLine(std::ostream& out, const CallWindow& window, const AnalysisReport& report)
{
    out << "window: " << describe(window) << " (" << report.calls << " calls, "
        << report.incompleteCalls << " incomplete)\n";
}

} // namespace xylem::cli
