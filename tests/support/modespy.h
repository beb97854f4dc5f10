#pragma once

// What another user could have seen of a folder while this process wrote a secret in it.
// Linked into a suite (target xylem_modespy), it puts itself in front of the C library's
// chmod, fchmod, fsync, rename and bind: while a ModeSpy watches, each such call first notes
// the mode of every entry of the watched folder (bind: just after the socket file appears),
// then does the real call. A file that is created with the umask's mode and chmod-ed later, or
// a socket bound and then chmod-ed, is caught at the chmod; a private file at none of them.

#include <string>
#include <vector>

namespace xylem::testing {

class ModeSpy
{
public:
    explicit ModeSpy(std::string folder); // one at a time
    ~ModeSpy();
    ModeSpy(const ModeSpy&) = delete;
    ModeSpy& operator=(const ModeSpy&) = delete;

    // How many calls were watched, and each sighting of an entry open to group or others, as
    // "NAME mode 0644 at chmod".
    int calls() const;
    std::vector<std::string> exposed() const;
};

} // namespace xylem::testing
