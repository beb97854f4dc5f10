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
                                   const std::set<std::string>& flags,
                                   const std::set<std::string>& lists)
{
    Arguments parsed;
    for (size_t i = 0; i < args.size(); ++i) {
        // Short options (-o) are spelt like long ones (--o).
        const std::string arg =
            args[i].size() == 2 && args[i][0] == '-' && args[i][1] != '-' ? "-" + args[i] : args[i];
        if (!arg.starts_with("--")) {
            return usage("unexpected argument '" + arg + "'");
        }
        const size_t eq = arg.find('=');
        const std::string name =
            arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
        auto& values = parsed.m_values[name];
        if (flags.contains(name) && eq == std::string::npos) {
            values.push_back("");
        } else if (lists.contains(name) && eq == std::string::npos) {
            while (i + 1 < args.size() && !args[i + 1].starts_with("--")) {
                values.push_back(args[++i]);
            }
        } else if (valued.contains(name) || lists.contains(name)) {
            if (eq != std::string::npos) {
                values.push_back(arg.substr(eq + 1));
            } else if (i + 1 < args.size()) {
                values.push_back(args[++i]);
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

namespace {
Result<std::int64_t> parseId(const std::string& name, const std::string& s)
{
    std::int64_t value = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || ptr != s.data() + s.size() || value < 1) {
        return usage("--" + name + " takes a positive integer (a run id), not '" + s + "'");
    }
    return value;
}
} // namespace

Result<std::optional<std::int64_t>> Arguments::optionalId(const std::string& name) const
{
    if (!has(name)) {
        return std::optional<std::int64_t>();
    }
    auto text = one(name);
    if (!text) {
        return text.error();
    }
    auto id = parseId(name, text.value());
    if (!id) {
        return id.error();
    }
    return std::optional<std::int64_t>(id.value());
}

Result<std::vector<std::int64_t>> Arguments::ids(const std::string& name) const
{
    std::vector<std::int64_t> out;
    for (const std::string& text : all(name)) {
        auto id = parseId(name, text);
        if (!id) {
            return id.error();
        }
        out.push_back(id.value());
    }
    return out;
}

} // namespace xylem::cli
