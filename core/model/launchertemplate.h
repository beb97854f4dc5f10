#pragma once

// How Xylem starts a process on another machine: a launcher command template such as
// 'ssh {host} {command}', run by /bin/sh with {host} and {command} replaced. The gather tree
// (tree/spawner.h) and xylem-gsum's launch both use it, so a template means the same to both.
//
// {command} is the command's words, each quoted for the shell that runs the template, so that
// a launcher that runs its arguments directly (srun -w {host} {command}, env X=1 {command}, a
// wrapper script) gets them exactly. A remote shell does not: ssh and rsh join their arguments
// into one line that the login shell on the host parses again, so when the template's program
// is ssh or rsh, {command} is quoted once more, as one line for that shell (OpenMPI's rsh
// launcher treats them alike). Without it a word with a space or a quote — a relay's own
// --launcher, a shell script — would fall apart on the far side.

#include "core/model/result.h"

#include <string>
#include <vector>

namespace xylem {

// What starts a process on another machine unless the user names another launcher.
inline constexpr const char* kDefaultLauncher = "ssh {host} {command}";

// "a b's" -> "'a' 'b'\''s'"
std::string shellQuote(const std::vector<std::string>& words);

// This machine: empty, localhost, gethostname(), or any loopback address (Debian maps the host
// name to 127.0.1.1; ::1): a launcher would only come back here.
bool isThisMachine(const std::string& host);

// True when the template's program (its first word) is ssh or rsh, by any path.
bool launcherIsRemoteShell(const std::string& launcherTemplate);

// The argv that runs `command` on `host` through the template: /bin/sh -c with {host} (quoted
// when it holds characters the shell would read) and {command} replaced, as described above.
std::vector<std::string> launcherArgv(const std::string& launcherTemplate, const std::string& host,
                                      const std::vector<std::string>& command);

// A template must say where the command goes ({command}); {host} may be left out by a launcher
// that knows where to run (a container runtime, a wrapper script).
Result<Ok> checkLauncherTemplate(const std::string& launcherTemplate);

} // namespace xylem
