#include "collectors/allreduce/gsum/launchertemplate.h"

#include "core/model/launchertemplate.h"

namespace xylem::allreduce {

bool isThisMachine(const std::string& host)
{
    return xylem::isThisMachine(host);
}

Result<Ok> checkLauncherTemplate(const std::string& launcherTemplate)
{
    auto checked = xylem::checkLauncherTemplate(launcherTemplate);
    if (!checked) {
        return makeError(checked.error().code, "--launcher " + checked.error().message);
    }
    return Ok{};
}

std::vector<std::string> hostArgv(const std::string& launcherTemplate, const std::string& host,
                                  const std::vector<std::string>& command)
{
    if (launcherTemplate.empty() || isThisMachine(host)) {
        return command;
    }
    return launcherArgv(launcherTemplate, host, command);
}

} // namespace xylem::allreduce
