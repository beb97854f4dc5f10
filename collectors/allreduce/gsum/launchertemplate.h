#pragma once

// Where a launch starts a host process: directly when the host is this machine, else through
// a launcher command template such as 'ssh {host} {command}' (core/model/launchertemplate.h,
// the same template the gather tree uses), run by /bin/sh.

#include "core/model/result.h"

#include <string>
#include <vector>

namespace xylem::allreduce {

// This machine (core/model/launchertemplate.h): its name, localhost, any loopback address.
bool isThisMachine(const std::string& host);

// A template must say where the command goes: {command}; {host} may be left out.
Result<Ok> checkLauncherTemplate(const std::string& launcherTemplate);

// The argv that runs `command` for `host`: the command itself when the host is this machine or
// there is no template; else the template's argv (core/model/launchertemplate.h).
std::vector<std::string> hostArgv(const std::string& launcherTemplate, const std::string& host,
                                  const std::vector<std::string>& command);

} // namespace xylem::allreduce
