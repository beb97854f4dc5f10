#include "app/cli/command.h"
#include "app/cli/recordsetup.h"
#include "core/model/configurationjson.h"
#include "core/model/treegenerator.h"

namespace xylem::cli {

int runGenerate(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec = [] {
        CommandSpec s{"generate",
                      "usage: xylem-cli generate --hosts N|A:c0,B:c0,... [--threads T] [--shape "
                      "flat|kary|binomial|hierarchy]\n"
                      "                          [--arity K] [--root core|gred] [--name TEXT]\n"
                      "       prints a generated xylem-tree/1 configuration\n",
                      {valueOption("hosts", "a number of hosts, or HOST:CLUSTER,... by name", {},
                                   {}, "N|A:c0,B:c1")}};
        for (OptionSpec& o : treeShapeOptions()) {
            s.options.push_back(std::move(o));
        }
        s.options.push_back(
            valueOption("name", "the configuration's name", "from its shape", {}, "TEXT"));
        return s;
    }();
    return runCommand(spec, args, out, err,
                      [](const Arguments& a, std::ostream& o, std::ostream&) -> Result<Ok> {
                          XYLEM_TRY(tree, treeSpecFromArguments(a));
                          XYLEM_TRY(config, generateTree(tree.value()));
                          o << configurationToJson(config.value());
                          return Ok{};
                      });
}

} // namespace xylem::cli
