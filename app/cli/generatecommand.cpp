#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"

namespace xylem::cli {

namespace {
constexpr const char* kUsage =
    "usage: xylem-cli generate --hosts N|A:c0,B:c0,... [--threads T] [--shape "
    "flat|kary|binomial|hierarchy]\n"
    "                          [--arity K] [--root core|gred] [--name TEXT]\n";

Result<TreeSpec> specFrom(const Arguments& a)
{
    TreeSpec spec;
    auto hosts = a.one("hosts");
    if (!hosts) {
        return hosts.error();
    }
    auto hostList = parseHostList(hosts.value());
    if (!hostList) {
        return hostList.error();
    }
    spec.hosts = std::move(hostList).value();
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

int runGenerate(const Args& args, std::ostream& out, std::ostream& err)
{
    auto parsed =
        Arguments::parse(args, {"hosts", "threads", "shape", "arity", "root", "name"}, {});
    if (!parsed) {
        err << "xylem-cli generate: " << parsed.error().describe() << '\n' << kUsage;
        return kExitBadInput;
    }
    auto spec = specFrom(parsed.value());
    if (!spec) {
        err << "xylem-cli generate: " << spec.error().describe() << '\n' << kUsage;
        return kExitBadInput;
    }
    auto config = generateTree(spec.value());
    if (!config) {
        err << "xylem-cli generate: " << config.error().describe() << '\n';
        return kExitBadInput;
    }
    out << configurationToJson(config.value());
    return kExitOk;
}

} // namespace xylem::cli
