#pragma once

// Where a launch starts a host process: directly when the host is this machine, else through
// a launcher command template such as 'ssh {host} {command}' (the syntax of
// core/tree/spawner.h, whose library xylem-gsum does not link), run by /bin/sh.

#include "core/model/result.h"

#include <string>
#include <vector>

namespace xylem::allreduce {

// This machine: localhost, 127.0.0.1 or gethostname() (as core/tree/spawner.h's isLocal).
bool isThisMachine(const std::string& host);

// "a b's" -> "'a' 'b'\''s'" (core/tree/spawner.h's, which xylem-gsum does not link).
std::string shellQuote(const std::vector<std::string>& words);

// A template must say where the command goes: {command}; {host} may be left out.
Result<Ok> checkLauncherTemplate(const std::string& launcherTemplate);

// The argv that runs `command` for `host`: the command itself when the host is this machine or
// there is no template; else /bin/sh -c with {host} and {command} (shell-quoted) replaced.
std::vector<std::string> hostArgv(const std::string& launcherTemplate, const std::string& host,
                                  const std::vector<std::string>& command);

} // namespace xylem::allreduce
