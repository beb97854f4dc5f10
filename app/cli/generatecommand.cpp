#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "app/cli/recordsetup.h"
#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"

namespace xylem::cli {

namespace {
constexpr const char* kUsage =
    "usage: xylem-cli generate --hosts N|A:c0,B:c0,... [--threads T] [--shape "
    "flat|kary|binomial|hierarchy]\n"
    "                          [--arity K] [--root core|gred] [--name TEXT]\n";
} // namespace

int runGenerate(const Args& args, std::ostream& out, std::ostream& err)
{
    auto parsed =
        Arguments::parse(args, {"hosts", "threads", "shape", "arity", "root", "name"}, {});
    if (!parsed) {
        err << "xylem-cli generate: " << parsed.error().describe() << '\n' << kUsage;
        return kExitBadInput;
    }
    auto spec = treeSpecFromArguments(parsed.value());
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
