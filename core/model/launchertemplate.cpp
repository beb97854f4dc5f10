#include "core/model/launchertemplate.h"

#include "core/model/textreplace.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sstream>
#include <unistd.h>

namespace xylem {

std::string shellQuote(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        out += (out.empty() ? "'" : " '") + replaceAll(w, "'", "'\\''") + "'";
    }
    return out;
}

bool isThisMachine(const std::string& host)
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    if (host.empty() || host == "localhost" || host == name) {
        return true;
    }
    in_addr v4{};
    in6_addr v6{};
    if (::inet_pton(AF_INET, host.c_str(), &v4) == 1) {
        return (ntohl(v4.s_addr) >> 24) == 127;
    }
    return ::inet_pton(AF_INET6, host.c_str(), &v6) == 1 && IN6_IS_ADDR_LOOPBACK(&v6);
}

bool launcherIsRemoteShell(const std::string& launcherTemplate)
{
    std::istringstream words(launcherTemplate);
    std::string program;
    words >> program;
    const std::string name = program.substr(program.find_last_of('/') + 1);
    return name == "ssh" || name == "rsh";
}

std::vector<std::string> launcherArgv(const std::string& launcherTemplate, const std::string& host,
                                      const std::vector<std::string>& command)
{
    const bool plain = !host.empty() && host.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                               "0123456789._-@:") ==
                                            std::string::npos;
    // {command} last: the command's words may hold braces.
    std::string line = replaceAll(launcherTemplate, "{host}", plain ? host : shellQuote({host}));
    const std::string words = shellQuote(command);
    line = replaceAll(line, "{command}",
                      launcherIsRemoteShell(launcherTemplate) ? shellQuote({words}) : words);
    return {"/bin/sh", "-c", line};
}

Result<Ok> checkLauncherTemplate(const std::string& launcherTemplate)
{
    if (launcherTemplate.find("{command}") == std::string::npos) {
        return makeError(ErrorCode::InvalidArgument,
                         "'" + launcherTemplate +
                             "' does not say where the command goes: it needs {command} (and "
                             "{host} for the host), as in 'ssh {host} {command}'");
    }
    return Ok{};
}

} // namespace xylem
