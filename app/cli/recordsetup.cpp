#include "app/cli/recordsetup.h"

#include <charconv>

namespace xylem::cli {

namespace {

// --threads/--shape/--arity/--root/--name over hosts already in the spec.
Result<TreeSpec> withShapeOptions(const Arguments& a, TreeSpec spec)
{
    auto threads = a.integer("threads", 1, 1, 1 << 20);
    auto arity = a.integer("arity", 2, 2, 1 << 20);
    auto shape = a.oneOr("shape", "hierarchy");
    auto root = a.oneOr("root", "core");
    auto name = a.oneOr("name", "");
    for (const Error* e : {threads ? nullptr : &threads.error(), arity ? nullptr : &arity.error(),
                           shape ? nullptr : &shape.error(), root ? nullptr : &root.error(),
                           name ? nullptr : &name.error()}) {
        if (e) {
            return *e;
        }
    }
    const auto treeShape = treeShapeFromString(shape.value());
    if (!treeShape) {
        return makeError(ErrorCode::InvalidArgument, "unknown shape '" + shape.value() + "'");
    }
    if (root.value() != "core" && root.value() != "gred") {
        return makeError(ErrorCode::InvalidArgument,
                         "--root is core or gred, not '" + root.value() + "'");
    }
    spec.threadsPerHost = threads.value();
    spec.arity = arity.value();
    spec.shape = *treeShape;
    spec.root = root.value() == "core" ? RootKind::Core : RootKind::Gred;
    spec.name = name.value();
    return spec;
}

} // namespace

std::vector<OptionSpec> treeShapeOptions()
{
    return {
        valueOption("threads", "threads per host", "1, or a host file's slots",
                    integerIn(1, 1 << 20), "T"),
        valueOption("shape", "the shape of the allreduce tree", "hierarchy",
                    oneOf({"flat", "kary", "binomial", "hierarchy"})),
        valueOption("arity", "children per node of a kary tree", "2", integerIn(2, 1 << 20), "K"),
        valueOption("root", "what the tree's root is", "core", oneOf({"core", "gred"}))};
}

Result<TreeSpec> treeSpecFromArguments(const Arguments& a)
{
    TreeSpec spec;
    XYLEM_TRY(hosts, a.one("hosts"));
    XYLEM_TRY(hostList, parseHostList(hosts.value()));
    spec.hosts = std::move(hostList).value();
    return withShapeOptions(a, std::move(spec));
}

Result<std::chrono::milliseconds> parseDuration(const std::string& text)
{
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [rest, ec] = std::from_chars(text.data(), end, value);
    const std::string unit(rest, end);
    const double scale = unit == "ms"                  ? 1
                         : unit == "s" || unit.empty() ? 1e3
                         : unit == "m"                 ? 6e4
                                                       : -1;
    if (ec != std::errc() || scale < 0 || value <= 0 || value * scale > 864e5) {
        return makeError(ErrorCode::InvalidArgument,
                         "a duration is a positive number with ms, s or m, up to a day, not '" +
                             text + "'");
    }
    return std::chrono::milliseconds(static_cast<std::int64_t>(value * scale));
}

namespace {

// An option's single value, or nothing when it is not given.
Result<std::optional<std::string>> optionalValue(const Arguments& a, const std::string& name)
{
    if (!a.has(name)) {
        return std::optional<std::string>();
    }
    XYLEM_TRY(value, a.one(name));
    return std::optional<std::string>(value.value());
}

// --config/--hosts/--hostfile and the generated tree's shape.
Result<record::TreeRequest> treeRequestFrom(const Arguments& a)
{
    record::TreeRequest tree;
    XYLEM_TRY(config, optionalValue(a, "config"));
    XYLEM_TRY(hosts, optionalValue(a, "hosts"));
    XYLEM_TRY(hostFile, optionalValue(a, "hostfile"));
    tree.configFile = config.value();
    tree.hosts = hosts.value();
    tree.hostFile = hostFile.value();
    XYLEM_TRY(shape, withShapeOptions(a, TreeSpec{}));
    tree.threads = a.has("threads") ? std::optional<int>(shape->threadsPerHost) : std::nullopt;
    tree.shape = shape->shape;
    tree.arity = shape->arity;
    tree.root = shape->root;
    tree.name = shape->name;
    return tree;
}

Result<record::WorkloadRequest> workloadRequestFrom(const Arguments& a)
{
    record::WorkloadRequest w;
    XYLEM_TRY(benchmark, a.oneOr("benchmark", "gsum"));
    w.benchmark = benchmark.value();
    if (a.has("interleave")) {
        XYLEM_TRY(interleave, a.integer("interleave", 0, 1, 1 << 30));
        w.interleave = interleave.value();
    }
    if (a.has("compute-us")) {
        XYLEM_TRY(computeUs, a.integer("compute-us", 0, 0, 1 << 30));
        w.computeUs = computeUs.value();
    }
    w.noise = a.all("noise");
    if (a.has("iterations")) {
        XYLEM_TRY(iterations, a.integer("iterations", 20000, 1, 1 << 30));
        w.iterations = iterations.value();
    }
    w.baseline = a.has("baseline");
    return w;
}

} // namespace

Result<record::RecordRequest> recordRequestFrom(const Arguments& a)
{
    if (a.has("o") == a.has("session")) {
        return makeError(ErrorCode::InvalidArgument, "name the session once, with -o or --session");
    }
    record::RecordRequest r;
    XYLEM_TRY(path, a.one(a.has("o") ? "o" : "session"));
    r.sessionPath = path.value();
    XYLEM_TRY(tree, treeRequestFrom(a));
    r.tree = std::move(tree).value();
    XYLEM_TRY(workload, workloadRequestFrom(a));
    r.workload = std::move(workload).value();
    XYLEM_TRY(launcher, optionalValue(a, "launcher"));
    XYLEM_TRY(scope, optionalValue(a, "scope"));
    XYLEM_TRY(design, optionalValue(a, "design"));
    XYLEM_TRY(attach, optionalValue(a, "attach"));
    r.launcher = launcher.value();
    r.scopeFile = scope.value();
    r.designFile = design.value();
    r.attachFile = attach.value();
    if (a.has("duration")) {
        XYLEM_TRY(text, a.one("duration"));
        XYLEM_TRY(duration, parseDuration(text.value()));
        r.duration = duration.value();
    }
    XYLEM_TRY(listen, a.oneOr("listen", "auto"));
    r.listen = listen.value();
    // --name names the run, and a generated tree too (treeRequestFrom).
    XYLEM_TRY(name, optionalValue(a, "name"));
    r.runName = name.value();
    XYLEM_TRY(notes, a.oneOr("notes", ""));
    r.notes = notes.value();
    return r;
}

} // namespace xylem::cli
