#include "core/tune/sweepplan.h"

#include "core/model/configurationjson.h"

#include <charconv>
#include <filesystem>
#include <set>

namespace xylem::tune {

namespace {

Error tooMany(size_t count)
{
    return makeError(ErrorCode::InvalidArgument,
                     "the sweep has " + std::to_string(count) + " configurations, more than " +
                         std::to_string(kMaxSweepTrials) + ": give shorter lists");
}

// The label as given, or with " (2)", " (3)"... when an earlier trial has it.
std::string uniqueLabel(std::string label, std::set<std::string>& used)
{
    std::string unique = label;
    for (int n = 2; used.count(unique) != 0; ++n) {
        unique = label + " (" + std::to_string(n) + ")";
    }
    used.insert(unique);
    return unique;
}

TrialSpec trialOf(std::string label, Configuration config, std::optional<int> elements,
                  const record::RecordRequest& base, const std::string& clusterLink)
{
    TrialSpec trial{std::move(label), base, std::move(config), clusterLink};
    trial.request.workload.elements = elements;
    trial.request.runName.reset();
    return trial;
}

std::string withElements(std::string label, std::optional<int> elements)
{
    return elements ? label + " elements=" + std::to_string(*elements) : label;
}

// The message sizes a trial takes: each given one, or once the benchmark's own.
std::vector<std::optional<int>> sizesOf(const std::vector<int>& elements)
{
    if (elements.empty()) {
        return {std::nullopt};
    }
    return {elements.begin(), elements.end()};
}

} // namespace

std::vector<std::string> splitList(std::string_view text)
{
    std::vector<std::string> items;
    size_t at = 0;
    while (at <= text.size()) {
        const size_t comma = std::min(text.find(',', at), text.size());
        items.emplace_back(text.substr(at, comma - at));
        at = comma + 1;
    }
    return items;
}

Result<std::vector<TreeShape>> parseShapes(std::string_view text)
{
    std::vector<TreeShape> shapes;
    for (const std::string& item : splitList(text)) {
        const auto shape = treeShapeFromString(item);
        if (!shape) {
            return makeError(ErrorCode::InvalidArgument,
                             "--shapes: unknown shape '" + item +
                                 "' (flat, kary, binomial or hierarchy)");
        }
        shapes.push_back(*shape);
    }
    return shapes;
}

Result<std::vector<RootKind>> parseRoots(std::string_view text)
{
    std::vector<RootKind> roots;
    for (const std::string& item : splitList(text)) {
        if (item != "core" && item != "gred") {
            return makeError(ErrorCode::InvalidArgument,
                             "--roots: unknown root '" + item + "' (core or gred)");
        }
        roots.push_back(item == "core" ? RootKind::Core : RootKind::Gred);
    }
    return roots;
}

Result<std::vector<int>> parseIntegers(std::string_view text, std::string_view option, int min,
                                       int max)
{
    std::vector<int> values;
    for (const std::string& item : splitList(text)) {
        int value = 0;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
        if (item.empty() || ec != std::errc() || end != item.data() + item.size() ||
            value < min || value > max) {
            return makeError(ErrorCode::InvalidArgument,
                             std::string(option) + ": '" + item + "' is not a number from " +
                                 std::to_string(min) + " to " + std::to_string(max));
        }
        values.push_back(value);
    }
    return values;
}

Result<std::vector<TrialSpec>> planFamily(const SweepFamily& family,
                                          const record::RecordRequest& base,
                                          const std::string& clusterLink)
{
    if (family.shapes.empty() || family.roots.empty() || family.arities.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "the sweep's family is empty: give at least one shape, arity and root");
    }
    const auto sizes = sizesOf(family.elements);
    size_t count = 0;
    for (const TreeShape shape : family.shapes) {
        count += (shape == TreeShape::KAry ? family.arities.size() : 1) * family.roots.size() *
                 sizes.size();
    }
    if (count > kMaxSweepTrials) {
        return tooMany(count);
    }
    std::vector<TrialSpec> trials;
    std::set<std::string> used;
    const bool namedRoots = family.roots.size() > 1 || family.roots.front() != RootKind::Core;
    for (const TreeShape shape : family.shapes) {
        const std::vector<int> arities =
            shape == TreeShape::KAry ? family.arities : std::vector<int>{family.arities.front()};
        for (const int arity : arities) {
            for (const RootKind root : family.roots) {
                std::string name(toString(shape));
                if (shape == TreeShape::KAry) {
                    name += ":" + std::to_string(arity);
                }
                if (namedRoots) {
                    name += root == RootKind::Gred ? " root=gred" : " root=core";
                }
                TreeSpec spec{name, family.hosts, family.threadsPerHost, shape, arity, root, {}};
                auto config = generateTree(spec);
                if (!config) {
                    Error e = config.error();
                    e.message = "cannot generate '" + name + "': " + e.message;
                    return e;
                }
                for (const std::optional<int> elements : sizes) {
                    trials.push_back(trialOf(uniqueLabel(withElements(name, elements), used),
                                             config.value(), elements, base, clusterLink));
                }
            }
        }
    }
    return trials;
}

Result<std::vector<TrialSpec>> planConfigFiles(const std::vector<std::string>& files,
                                               const std::vector<int>& elements,
                                               const record::RecordRequest& base,
                                               const std::string& clusterLink)
{
    if (files.empty()) {
        return makeError(ErrorCode::InvalidArgument, "the sweep has no tree file");
    }
    const auto sizes = sizesOf(elements);
    if (files.size() * sizes.size() > kMaxSweepTrials) {
        return tooMany(files.size() * sizes.size());
    }
    std::vector<TrialSpec> trials;
    std::set<std::string> used;
    for (const std::string& file : files) {
        if (file.empty()) {
            return makeError(ErrorCode::InvalidArgument, "--configs: an empty file name");
        }
        XYLEM_TRY(config, readConfigurationFile(file));
        std::string name = std::filesystem::path(file).filename().string();
        for (const std::string_view suffix : {".tree.json", ".json"}) {
            if (name.size() > suffix.size() && name.ends_with(suffix)) {
                name.resize(name.size() - suffix.size());
                break;
            }
        }
        for (const std::optional<int> size : sizes) {
            trials.push_back(trialOf(uniqueLabel(withElements(name, size), used), config.value(),
                                     size, base, clusterLink));
        }
    }
    return trials;
}

} // namespace xylem::tune
