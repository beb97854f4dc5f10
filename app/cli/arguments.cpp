#include "app/cli/arguments.h"

#include <charconv>

namespace xylem::cli {

namespace {
Error usage(std::string message)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message));
}
} // namespace

Result<Arguments> Arguments::parse(const std::vector<std::string>& args,
                                   const std::set<std::string>& valued,
                                   const std::set<std::string>& flags)
{
    Arguments parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (!arg.starts_with("--")) {
            return usage("unexpected argument '" + arg + "'");
        }
        const size_t eq = arg.find('=');
        const std::string name =
            arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        if (flags.contains(name) && eq == std::string::npos) {
            parsed.m_values[name].push_back("");
        } else if (valued.contains(name)) {
            if (eq != std::string::npos) {
                parsed.m_values[name].push_back(arg.substr(eq + 1));
            } else if (i + 1 < args.size()) {
                parsed.m_values[name].push_back(args[++i]);
            } else {
                return usage("option --" + name + " needs a value");
            }
        } else {
            return usage("unknown option --" + name);
        }
    }
    return parsed;
}

const std::vector<std::string>& Arguments::all(const std::string& name) const
{
    static const std::vector<std::string> none;
    const auto it = m_values.find(name);
    return it == m_values.end() ? none : it->second;
}

Result<std::string> Arguments::one(const std::string& name) const
{
    const auto& values = all(name);
    if (values.empty()) {
        return usage("missing option --" + name);
    }
    if (values.size() > 1) {
        return usage("option --" + name + " given more than once");
    }
    return values.front();
}

Result<std::string> Arguments::oneOr(const std::string& name, const std::string& fallback) const
{
    return has(name) ? one(name) : Result<std::string>(fallback);
}

Result<int> Arguments::integer(const std::string& name, int fallback, int min, int max) const
{
    if (!has(name)) {
        return fallback;
    }
    auto text = one(name);
    if (!text) {
        return text.error();
    }
    int value = 0;
    const std::string& s = text.value();
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || ptr != s.data() + s.size() || value < min || value > max) {
        return usage("--" + name + " must be an integer from " + std::to_string(min) + " to " +
                     std::to_string(max) + ", not '" + s + "'");
    }
    return value;
}

} // namespace xylem::cli
