#include "collectors/collector/nodefilter.h"

#include "core/model/configurationjson.h"

namespace xylem::collector {

Result<std::unique_ptr<NodeFilter>> NodeFilter::make(const protocol::InstallFilterMessage& request)
{
    auto config = parseConfigurationJson(request.configuration);
    if (!config) {
        return config.error();
    }
    auto view = LocalView::make(config.value(), request.host);
    if (!view) {
        return view.error();
    }
    if (request.kind == protocol::FilterKind::LastArrivals) {
        return std::unique_ptr<NodeFilter>(
            new NodeFilter(request.filter, LastArrivalMonitor(std::move(view).value())));
    }
    return std::unique_ptr<NodeFilter>(
        new NodeFilter(request.filter, StatisticsMonitor(std::move(view).value())));
}

void NodeFilter::feed(std::span<const Tuple> tuples)
{
    std::visit([&](auto& monitor) { monitor.add(tuples); }, m_monitor);
}

protocol::FilterResultMessage NodeFilter::result() const
{
    return std::visit(
        [&](const auto& monitor) {
            return protocol::FilterResultMessage{m_id, static_cast<std::uint64_t>(monitor.calls()),
                                                 monitor.result().dump()};
        },
        m_monitor);
}

} // namespace xylem::collector
