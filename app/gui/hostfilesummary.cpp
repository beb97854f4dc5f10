#include "app/gui/hostfilesummary.h"

#include "core/tree/hostfile.h"
#include "core/tree/spawner.h"

#include <set>

namespace xylem::gui {

Result<HostFileSummary> summarizeHostFile(const std::string& path)
{
    XYLEM_TRY(entries, tree::readHostFile(path));
    HostFileSummary summary;
    std::set<std::string> clusters;
    for (const tree::HostEntry& e : entries.value()) {
        clusters.insert(e.cluster);
        summary.slotCount += e.slots;
        summary.remote += tree::Spawner::isLocal(e.host) ? 0 : 1;
    }
    summary.hosts = static_cast<int>(entries.value().size());
    summary.clusters = static_cast<int>(clusters.size());
    return summary;
}

} // namespace xylem::gui
