#include "app/cli/arguments.h"

#include <charconv>
#include <sstream>

namespace xylem::cli {

namespace {
Error usage(std::string message)
{
    return makeError(ErrorCode::InvalidArgument, std::move(message));
}
} // namespace

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

Result<double> Arguments::decimal(const std::string& name, double fallback, double min,
                                  double max) const
{
    if (!has(name)) {
        return fallback;
    }
    auto text = one(name);
    if (!text) {
        return text.error();
    }
    double value = 0;
    const std::string& s = text.value();
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || ptr != s.data() + s.size() || !(value >= min && value <= max)) {
        std::ostringstream range;
        range << min << " to " << max;
        return usage("--" + name + " must be a number from " + range.str() + ", not '" + s + "'");
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
