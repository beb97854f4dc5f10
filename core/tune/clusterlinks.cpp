#include "core/tune/clusterlinks.h"

#include <charconv>
#include <initializer_list>

namespace xylem::tune {

namespace {

// "500us" with one of the units, a non-negative number.
bool isQuantity(std::string_view text, std::initializer_list<std::string_view> units)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || value < 0 || end == text.data()) {
        return false;
    }
    const std::string_view unit = text.substr(static_cast<size_t>(end - text.data()));
    for (const std::string_view u : units) {
        if (unit == u) {
            return true;
        }
    }
    return false;
}

const std::string& hostOf(const Configuration& config, int wrapper)
{
    return config.wrapper(wrapper).host;
}

} // namespace

std::vector<int> clusterCrossingProxies(const Configuration& config)
{
    std::vector<int> crossing;
    for (int w = 0; w < config.wrapperCount(); ++w) {
        const Wrapper& proxy = config.wrapper(w);
        if (proxy.kind != WrapperKind::Proxy || proxy.parent < 0 ||
            config.children(w).empty()) {
            continue;
        }
        const std::string below = config.clusterOf(hostOf(config, config.children(w).front()));
        const std::string above = config.clusterOf(hostOf(config, proxy.parent));
        if (below != above) {
            crossing.push_back(w);
        }
    }
    return crossing;
}

Result<std::string> checkLink(std::string_view link)
{
    const size_t slash = link.find('/');
    const std::string_view latency = link.substr(0, slash);
    if (!isQuantity(latency, {"ns", "us", "ms", "s"})) {
        return makeError(ErrorCode::InvalidArgument,
                         "the link's latency '" + std::string(latency) +
                             "' is not a time such as 500us or 2ms",
                         std::string(link));
    }
    if (slash != std::string_view::npos) {
        const std::string_view bandwidth = link.substr(slash + 1);
        double value = 0;
        std::from_chars(bandwidth.data(), bandwidth.data() + bandwidth.size(), value);
        if (!isQuantity(bandwidth, {"bit", "kbit", "Mbit", "Gbit"}) || value <= 0) {
            return makeError(ErrorCode::InvalidArgument,
                             "the link's bandwidth '" + std::string(bandwidth) +
                                 "' is not a rate above 0 such as 100Mbit",
                             std::string(link));
        }
    }
    return std::string(link);
}

Result<std::string> clusterLinkSpec(const Configuration& config, std::string_view link)
{
    if (link.empty()) {
        return std::string();
    }
    XYLEM_TRY(checked, checkLink(link));
    std::string spec;
    for (const int proxy : clusterCrossingProxies(config)) {
        const std::string& id = config.wrapper(proxy).id;
        if (id.find_first_of(",=") != std::string::npos) {
            return makeError(ErrorCode::InvalidArgument,
                             "a --wan link cannot name proxy '" + id + "' (it holds ',' or '=')",
                             config.name());
        }
        spec += (spec.empty() ? "" : ",") + id + "=" + checked.value();
    }
    return spec;
}

} // namespace xylem::tune
