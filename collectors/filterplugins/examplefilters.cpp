// libxylem-example-filters.so: two filter plugins (core/gather/filterplugin.h) that a scope
// design's plugin filter can name, and a starting point for writing one's own. Both compose: a
// relay gives them what collectors and other relays of the same stream made, so each takes its
// own output as input too.
//
//   longest-wait   Tuples -> Tuples: the one tuple of the wave whose edge waited longest in its
//                  parent (up - down; ties: the larger seq, then the larger collector)
//   wait-stats     Tuples or Stats -> Stats: per edge (key = collector), count, mean, M2, min
//                  and max of up - down in ns; statistics merged by gather::mergeStats

#include "core/gather/filterplugin.h"

#include <algorithm>
#include <map>
#include <string>

using namespace xylem;
using namespace xylem::gather;

namespace {

Error refuses(const char* filter, const Batch& batch)
{
    return makeError(ErrorCode::InvalidArgument, std::string("filter '") + filter +
                                                     "' does not take " +
                                                     batchKindName(batch.kind()) + " batches");
}

bool waitedLonger(const Tuple& a, const Tuple& b)
{
    const auto wa = a.up - a.down;
    const auto wb = b.up - b.down;
    return wa != wb ? wa > wb : a.seq != b.seq ? a.seq > b.seq : a.collector > b.collector;
}

Result<Batch> longestWait(std::span<const Batch> inputs, std::span<const std::int64_t>)
{
    Tuples out;
    std::uint32_t contributors = 0;
    for (const Batch& batch : inputs) {
        const auto* tuples = std::get_if<Tuples>(&batch.content);
        if (!tuples) {
            return refuses("longest-wait", batch);
        }
        for (const Tuple& t : tuples->tuples) {
            if (out.tuples.empty() || waitedLonger(t, out.tuples.front())) {
                out.tuples.assign(1, t);
            }
        }
        contributors += batch.contributors;
    }
    return Batch{contributors, std::move(out)};
}

Result<Batch> waitStats(std::span<const Batch> inputs, std::span<const std::int64_t>)
{
    std::map<std::uint64_t, StatEntry> byEdge;
    auto add = [&byEdge](const StatEntry& e) {
        StatEntry& edge = byEdge.try_emplace(e.key, StatEntry{e.key}).first->second;
        edge = mergeStats(edge, e);
    };
    std::uint32_t contributors = 0;
    for (const Batch& batch : inputs) {
        if (const auto* tuples = std::get_if<Tuples>(&batch.content)) {
            for (const Tuple& t : tuples->tuples) {
                const std::int64_t wait = t.up - t.down;
                add(StatEntry{t.collector, 1, static_cast<double>(wait), 0, wait, wait});
            }
        } else if (const auto* stats = std::get_if<Stats>(&batch.content)) {
            std::for_each(stats->entries.begin(), stats->entries.end(), add);
        } else {
            return refuses("wait-stats", batch);
        }
        contributors += batch.contributors;
    }
    Stats out;
    for (const auto& [key, entry] : byEdge) {
        out.entries.push_back(entry);
    }
    return Batch{contributors, std::move(out)};
}

const PluginFilter kFilters[] = {{"longest-wait", &longestWait}, {"wait-stats", &waitStats}};
const PluginFilters kTable{kFilterPluginAbi, 2, kFilters};

} // namespace

extern "C" __attribute__((visibility("default"))) const PluginFilters* xylem_gather_filters()
{
    return &kTable;
}
