#include "core/live/filterstreams.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace xylem::live {

namespace {

constexpr const char* kRingCounts = "ring-counts";
constexpr const char* kRingClasses = "ring-classes";

// The filter and source a filter node runs as.
FilterStream streamOf(const DesignNode& node, std::uint32_t maxTuplesPerWave)
{
    const FilterSettings& f = node.filter;
    FilterStream stream;
    switch (f.kind) {
    case FilterKind::Reduce:
        stream.filter = gather::FilterSpec{reduceOperatorName(f.reduce), {}, {}};
        stream.source = tree::SourceSpec{kRingCounts, {}};
        break;
    case FilterKind::EquivalenceClasses:
        stream.filter = gather::FilterSpec{"equivalence", {}, {}};
        stream.source = tree::SourceSpec{kRingClasses, {}};
        break;
    default: // Plugin
        stream.filter = gather::FilterSpec{f.pluginFilter, f.arguments, f.pluginLibrary};
        stream.source = tree::SourceSpec{"ring-tuples", {maxTuplesPerWave}};
        break;
    }
    return stream;
}

bool runsAsOwnStream(FilterKind kind)
{
    return kind == FilterKind::Reduce || kind == FilterKind::EquivalenceClasses ||
           kind == FilterKind::Plugin;
}

// "1234" → "1234", 1.5e6 → "1.5 M": short enough for a node's band.
std::string compact(double value)
{
    char text[32];
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e9) {
        std::snprintf(text, sizeof text, "%.3g G", value / 1e9);
    } else if (magnitude >= 1e6) {
        std::snprintf(text, sizeof text, "%.3g M", value / 1e6);
    } else if (magnitude >= 1e4) {
        std::snprintf(text, sizeof text, "%.3g k", value / 1e3);
    } else {
        std::snprintf(text, sizeof text, "%.4g", value);
    }
    return text;
}

std::string describeNumbers(const gather::Numbers& numbers, const FilterStream& stream)
{
    const auto& v = numbers.values;
    if (stream.source.name == kRingCounts && v.size() == 4) {
        return "written " + compact(v[0]) + ", read " + compact(v[1]) + "\noverwritten " +
               compact(v[2]) + ", rings " + compact(v[3]);
    }
    std::string text;
    for (size_t i = 0; i < v.size() && i < 6; ++i) {
        text += (i == 0 ? "" : i % 3 == 0 ? "\n" : ", ") + compact(v[i]);
    }
    return v.empty() ? "no numbers" : v.size() > 6 ? text + " …" : text;
}

std::string hostOf(std::uint32_t node, const gather::Topology& topology)
{
    return node < topology.nodes.size() ? topology.nodes[node].host : "#" + std::to_string(node);
}

// The three classes of the smallest keys (for gather rates: the worst) with their hosts; the
// rest counted.
std::string describeClasses(const gather::Classes& classes, const FilterStream& stream,
                            const gather::Topology& topology)
{
    const bool rates = stream.source.name == kRingClasses;
    std::string text;
    size_t shown = 0;
    for (auto it = classes.classes.begin(); it != classes.classes.end() && shown < 3;
         ++it, ++shown) {
        text += (shown == 0 ? "" : "\n") + std::to_string(it->key) + (rates ? " %:" : ":");
        for (size_t m = 0; m < it->members.size() && m < 4; ++m) {
            text += " " + hostOf(it->members[m], topology);
        }
        if (it->members.size() > 4) {
            text += " +" + std::to_string(it->members.size() - 4);
        }
    }
    if (classes.classes.size() > shown) {
        text += "\n+" + std::to_string(classes.classes.size() - shown) + " classes";
    }
    return text.empty() ? "no classes" : text;
}

// A few tuples one by one ("edge 3, call 120: up - down 45.2 k ns"), more counted.
std::string describeTuples(const gather::Tuples& tuples)
{
    const auto& t = tuples.tuples;
    if (t.empty() || t.size() > 2) {
        return std::to_string(t.size()) + " tuples";
    }
    std::string text;
    for (const Tuple& tuple : t) {
        text += (text.empty() ? "" : "\n") + std::string("edge ") +
                std::to_string(tuple.collector) + ", call " + std::to_string(tuple.seq) +
                ": up - down " + compact(static_cast<double>(tuple.up - tuple.down)) + " ns";
    }
    return text;
}

// "12 keys, largest means:\n3: 45.2 k (n 120)\n..." (the three largest).
std::string describeStats(const gather::Stats& stats)
{
    std::vector<gather::StatEntry> entries = stats.entries;
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.mean > b.mean; });
    std::string text = std::to_string(entries.size()) + " keys";
    text += entries.empty() ? "" : ", largest means:";
    for (size_t i = 0; i < entries.size() && i < 3; ++i) {
        text += "\n" + std::to_string(entries[i].key) + ": " + compact(entries[i].mean) + " (n " +
                compact(static_cast<double>(entries[i].count)) + ")";
    }
    return text;
}

} // namespace

std::vector<FilterStream> filterStreamsOf(const ScopeDesign& design, std::uint32_t maxTuplesPerWave)
{
    std::vector<FilterStream> streams;
    for (const DesignNode& node : design.nodes) {
        if (node.kind != DesignNodeKind::Filter || !runsAsOwnStream(node.filter.kind)) {
            continue; // before find(), which scans the design: not once per node
        }
        const DesignNode* at = design.find(node.parent);
        if (!at || at->kind == DesignNodeKind::Filter) {
            continue;
        }
        FilterStream stream = streamOf(node, maxTuplesPerWave);
        stream.atCollectors = at->kind == DesignNodeKind::Collector;
        auto same = std::find_if(streams.begin(), streams.end(), [&](const FilterStream& s) {
            return s.filter == stream.filter && s.source == stream.source &&
                   s.atCollectors == stream.atCollectors;
        });
        if (same == streams.end()) {
            stream.id = kFirstFilterStream + static_cast<std::uint32_t>(streams.size());
            same = streams.insert(streams.end(), std::move(stream));
        }
        same->nodes.push_back(node.id);
    }
    return streams;
}

std::string describeFilterBatch(const gather::Batch& batch, const FilterStream& stream,
                                const gather::Topology& topology)
{
    if (const auto* n = std::get_if<gather::Numbers>(&batch.content)) {
        return describeNumbers(*n, stream);
    }
    if (const auto* c = std::get_if<gather::Classes>(&batch.content)) {
        return describeClasses(*c, stream, topology);
    }
    if (const auto* t = std::get_if<gather::Tuples>(&batch.content)) {
        return describeTuples(*t);
    }
    if (const auto* s = std::get_if<gather::Stats>(&batch.content)) {
        return describeStats(*s);
    }
    const auto& bytes = std::get<gather::Bytes>(batch.content);
    return std::to_string(bytes.bytes.size()) + " bytes";
}

} // namespace xylem::live
