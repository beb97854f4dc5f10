#include "core/model/mpitracejson.h"

#include "core/model/jsondocument.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <type_traits>

namespace xylem {

namespace {

using nlohmann::json;

// A field of the wrong type or missing: nlohmann's own exception, turned into an error that
// names the item here, at the document's boundary.
// Integers are written as integers: a fraction, or one beyond U, is damage (and a double beyond
// U's range converted to U would be undefined).
template <typename U> bool fitsInteger(const json& value)
{
    if (!value.is_number_integer()) {
        return false;
    }
    if (value.is_number_unsigned()) {
        return value.get<std::uint64_t>() <=
               static_cast<std::uint64_t>(std::numeric_limits<U>::max());
    }
    const auto v = value.get<std::int64_t>();
    return v >= static_cast<std::int64_t>(std::numeric_limits<U>::min()) &&
           v <= static_cast<std::int64_t>(std::numeric_limits<U>::max());
}

template <typename T> bool fitsType(const json& value)
{
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
        return fitsInteger<T>(value);
    } else if constexpr (std::is_same_v<T, std::vector<int>>) {
        return value.is_array() && std::all_of(value.begin(), value.end(), [](const json& item) {
                   return fitsInteger<int>(item);
               });
    } else {
        return true; // the other types' get<T>() refuses a wrong type with an exception
    }
}

template <typename T> T field(const json& object, const char* key, const std::string& where)
{
    if (!object.is_object() || !object.contains(key)) {
        throw std::invalid_argument(where + ": missing field \"" + key + "\"");
    }
    const json& value = object.at(key);
    if (!fitsType<T>(value)) {
        throw std::invalid_argument(where + ": field \"" + key + "\" has the wrong type");
    }
    try {
        return value.get<T>();
    } catch (const json::exception&) {
        throw std::invalid_argument(where + ": field \"" + key + "\" has the wrong type");
    }
}

const json& array(const json& doc, const char* key)
{
    if (!doc.contains(key) || !doc.at(key).is_array()) {
        throw std::invalid_argument(std::string("\"") + key + "\" must be an array");
    }
    return doc.at(key);
}

void readRanks(const json& doc, MpiTrace& trace)
{
    const json& ranks = array(doc, "ranks");
    for (size_t i = 0; i < ranks.size(); ++i) {
        const std::string where = "ranks[" + std::to_string(i) + "]";
        MpiRank r{field<int>(ranks[i], "rank", where), field<std::string>(ranks[i], "host", where),
                  field<std::string>(ranks[i], "cluster", where)};
        if (r.rank != static_cast<int>(i)) {
            throw std::invalid_argument(where + ": rank " + std::to_string(r.rank) +
                                        " out of order (ranks are listed by world rank)");
        }
        trace.ranks.push_back(std::move(r));
    }
}

void readCommunicators(const json& doc, MpiTrace& trace)
{
    for (const json& c : array(doc, "communicators")) {
        const std::string where = "communicator " + c.value("name", std::string("?"));
        MpiCommunicator comm{field<std::int32_t>(c, "id", where),
                             field<std::string>(c, "name", where),
                             field<std::vector<int>>(c, "members", where)};
        for (const int member : comm.worldRanks) {
            if (member < 0 || member >= static_cast<int>(trace.ranks.size())) {
                throw std::invalid_argument(where + ": member " + std::to_string(member) +
                                            " is no world rank");
            }
        }
        trace.communicators.push_back(std::move(comm));
    }
}

void readClockSamples(const json& doc, MpiTrace& trace)
{
    const json& samples = array(doc, "clock_samples");
    for (size_t i = 0; i < samples.size(); ++i) {
        const std::string where = "clock_samples[" + std::to_string(i) + "]";
        const json& s = samples[i];
        trace.clockSamples.push_back(MpiClockSample{
            field<std::string>(s, "host", where), field<std::string>(s, "against", where),
            field<std::int64_t>(s, "local_ns", where), field<std::int64_t>(s, "offset_ns", where),
            field<std::int64_t>(s, "round_trip_ns", where)});
    }
}

MpiTreeAdapt readAdapt(const json& a)
{
    const std::string where = "tree: adapt";
    MpiTreeAdapt adapt;
    adapt.candidates = field<std::vector<std::string>>(a, "candidates", where);
    adapt.block = field<int>(a, "block", where);
    adapt.rounds = field<int>(a, "rounds", where);
    adapt.settled = field<std::string>(a, "settled", where);
    adapt.disagreements = field<std::int64_t>(a, "disagreements", where);
    const json& blocks = array(a, "blocks");
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const std::string at = where + ": blocks[" + std::to_string(i) + "]";
        adapt.blocks.push_back(MpiAdaptBlock{field<std::string>(blocks[i], "tree", at),
                                             field<std::int64_t>(blocks[i], "first_call", at),
                                             field<std::int64_t>(blocks[i], "mean_ns", at)});
    }
    const json& switches = array(a, "switches");
    for (std::size_t i = 0; i < switches.size(); ++i) {
        const std::string at = where + ": switches[" + std::to_string(i) + "]";
        adapt.switches.push_back(MpiTreeSwitch{field<std::int64_t>(switches[i], "call", at),
                                               field<std::int64_t>(switches[i], "seq", at),
                                               field<std::string>(switches[i], "to", at),
                                               field<bool>(switches[i], "settle", at)});
    }
    return adapt;
}

json adaptToJson(const MpiTreeAdapt& adapt)
{
    json blocks = json::array();
    for (const MpiAdaptBlock& b : adapt.blocks) {
        blocks.push_back({{"tree", b.tree}, {"first_call", b.firstCall}, {"mean_ns", b.meanNs}});
    }
    json switches = json::array();
    for (const MpiTreeSwitch& s : adapt.switches) {
        switches.push_back({{"call", s.call}, {"seq", s.seq}, {"to", s.to}, {"settle", s.settle}});
    }
    return {{"candidates", adapt.candidates},
            {"block", adapt.block},
            {"rounds", adapt.rounds},
            {"settled", adapt.settled},
            {"disagreements", adapt.disagreements},
            {"blocks", blocks},
            {"switches", switches}};
}

std::optional<MpiTreeInfo> readTree(const json& doc)
{
    if (!doc.contains("tree")) {
        return std::nullopt;
    }
    const json& t = doc.at("tree");
    const std::string where = "tree";
    MpiTreeInfo tree;
    tree.spec = field<std::string>(t, "spec", where);
    tree.depth = field<int>(t, "depth", where);
    tree.parents = field<std::vector<int>>(t, "parents", where);
    tree.crossingEdges = field<int>(t, "crossing_edges", where);
    tree.throughTree = field<std::int64_t>(t, "through_tree", where);
    const json& fallbacks = t.contains("fallbacks") ? t.at("fallbacks") : json::object();
    if (!fallbacks.is_object()) {
        throw std::invalid_argument("tree: field \"fallbacks\" has the wrong type");
    }
    for (const auto& [reason, count] : fallbacks.items()) {
        tree.fallbacks.emplace_back(reason, field<std::int64_t>(fallbacks, reason.c_str(), where));
    }
    if (t.contains("adapt")) {
        tree.adapt = readAdapt(t.at("adapt"));
    }
    for (const int parent : tree.parents) {
        if (parent < -1 || parent >= static_cast<int>(tree.parents.size())) {
            throw std::invalid_argument("tree: parent " + std::to_string(parent) +
                                        " is no rank of the tree");
        }
    }
    return tree;
}

json treeToJson(const MpiTreeInfo& tree)
{
    json fallbacks = json::object();
    for (const auto& [reason, count] : tree.fallbacks) {
        fallbacks[reason] = count;
    }
    json out{{"spec", tree.spec},
             {"depth", tree.depth},
             {"parents", tree.parents},
             {"crossing_edges", tree.crossingEdges},
             {"through_tree", tree.throughTree},
             {"fallbacks", fallbacks}};
    if (tree.adapt) {
        out["adapt"] = adaptToJson(*tree.adapt);
    }
    return out;
}

} // namespace

std::string describeAdapt(const MpiTreeAdapt& adapt, std::string_view subject)
{
    // Each candidate's lowest block mean, in the candidates' order.
    std::string means;
    for (const std::string& candidate : adapt.candidates) {
        std::int64_t best = -1;
        for (const MpiAdaptBlock& b : adapt.blocks) {
            if (b.tree == candidate && (best < 0 || b.meanNs < best)) {
                best = b.meanNs;
            }
        }
        char mean[32];
        std::snprintf(mean, sizeof mean, "%.1f us", static_cast<double>(best) / 1000.0);
        means += (means.empty() ? "" : ", ") + candidate + " " + (best < 0 ? "-" : mean);
    }
    std::string text = std::string(subject) + " adapted: best block means " + means +
                       " per call (blocks of " + std::to_string(adapt.block) + " calls, " +
                       std::to_string(adapt.rounds) + (adapt.rounds == 1 ? " round" : " rounds") +
                       "); ";
    if (adapt.settled.empty() || adapt.switches.empty() || !adapt.switches.back().settle) {
        return text + "the program ended in the trials: no tree settled on, and no call of the "
                      "run went through a tree the run shows";
    }
    const MpiTreeSwitch& s = adapt.switches.back();
    text += "switched to " + s.to + " at call " + std::to_string(s.call);
    if (s.seq >= 0) {
        text += " (world collective " + std::to_string(s.seq) + ")";
    }
    return text + (s.to == "native" && subject == kWorldAllreduce
                       ? ": MPI's own has no tree edges, the run holds every call"
                       : ": the run holds the calls from there on");
}

Result<std::vector<RankTreeSpec>> parseTreeCandidates(std::string_view list)
{
    std::vector<RankTreeSpec> out;
    std::size_t from = 0;
    for (int index = 1; from <= list.size(); ++index) {
        const std::size_t comma = std::min(list.find(',', from), list.size());
        const std::string_view item = list.substr(from, comma - from);
        if (item.empty()) {
            return makeError(ErrorCode::InvalidArgument, "candidate " + std::to_string(index) +
                                                             " is empty (in '" + std::string(list) +
                                                             "')");
        }
        auto spec = parseRankTreeSpec(item);
        if (!spec) {
            return makeError(ErrorCode::InvalidArgument, "candidate " + std::to_string(index) +
                                                             " '" + std::string(item) +
                                                             "': " + spec.error().describe());
        }
        out.push_back(std::move(spec).value());
        from = comma + 1;
    }
    return out;
}

std::string mpiRunInfoToJson(const MpiRunInfo& info)
{
    json ranks = json::array();
    for (const MpiRank& r : info.trace.ranks) {
        ranks.push_back({{"rank", r.rank}, {"host", r.host}, {"cluster", r.cluster}});
    }
    json communicators = json::array();
    for (const MpiCommunicator& c : info.trace.communicators) {
        communicators.push_back({{"id", c.id}, {"name", c.name}, {"members", c.worldRanks}});
    }
    json samples = json::array();
    for (const MpiClockSample& s : info.trace.clockSamples) {
        samples.push_back({{"host", s.host},
                           {"against", s.measuredAgainst},
                           {"local_ns", s.localNs},
                           {"offset_ns", s.offsetNs},
                           {"round_trip_ns", s.roundTripNs}});
    }
    json doc{{"format", kMpiRunFormat},
             {"complete", info.complete},
             {"reference_host", info.trace.referenceHost},
             {"ranks", ranks},
             {"communicators", communicators},
             {"clock_samples", samples}};
    if (info.tree) {
        doc["tree"] = treeToJson(*info.tree);
    }
    return doc.dump(1);
}

Result<MpiRunInfo> mpiRunInfoFromJson(const std::string& text)
{
    XYLEM_TRY(doc, parseJsonObject(text, "an MPI run description"));
    if (!hasFormat(doc.value(), kMpiRunFormat)) {
        return makeError(ErrorCode::MalformedInput,
                         std::string("not an MPI run description (format is not ") + kMpiRunFormat +
                             ")");
    }
    MpiRunInfo info;
    try {
        info.complete = field<bool>(doc.value(), "complete", "document");
        info.trace.referenceHost = field<std::string>(doc.value(), "reference_host", "document");
        readRanks(doc.value(), info.trace);
        readCommunicators(doc.value(), info.trace);
        readClockSamples(doc.value(), info.trace);
        info.tree = readTree(doc.value());
    } catch (const std::invalid_argument& e) {
        return makeError(ErrorCode::MalformedInput, e.what());
    }
    return info;
}

} // namespace xylem
