#include "collectors/allreduce/gsum/launchertemplate.h"

#include "core/model/textreplace.h"

#include <unistd.h>

namespace xylem::allreduce {

bool isThisMachine(const std::string& host)
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return host == "localhost" || host == "127.0.0.1" || host == name;
}

std::string shellQuote(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        out += (out.empty() ? "'" : " '") + replaceAll(w, "'", "'\\''") + "'";
    }
    return out;
}

Result<Ok> checkLauncherTemplate(const std::string& launcherTemplate)
{
    if (launcherTemplate.find("{command}") == std::string::npos) {
        return makeError(ErrorCode::InvalidArgument,
                         "--launcher '" + launcherTemplate +
                             "' does not say where the command goes: it needs {command} (and "
                             "{host} for the host), as in 'ssh {host} {command}'");
    }
    return Ok{};
}

std::vector<std::string> hostArgv(const std::string& launcherTemplate, const std::string& host,
                                  const std::vector<std::string>& command)
{
    if (launcherTemplate.empty() || isThisMachine(host)) {
        return command;
    }
    // A host id with characters the shell would read is quoted; {command} last, so that braces
    // in the command's words are left alone.
    const bool plain = !host.empty() && host.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                               "0123456789._-@:") ==
                                            std::string::npos;
    std::string line = replaceAll(launcherTemplate, "{host}", plain ? host : shellQuote({host}));
    line = replaceAll(line, "{command}", shellQuote(command));
    return {"/bin/sh", "-c", line};
}

} // namespace xylem::allreduce
