#include "app/cli/runloader.h"

#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"

namespace xylem::cli {

Result<Run> loadRun(const std::string& treePath, const std::string& tracePath)
{
    auto config = readConfigurationFile(treePath);
    if (!config) {
        return config.error();
    }
    auto tuples = readTraceCsvFile(tracePath, config.value());
    if (!tuples) {
        return tuples.error();
    }
    return Run{std::move(config).value(), std::move(tuples).value()};
}

} // namespace xylem::cli
