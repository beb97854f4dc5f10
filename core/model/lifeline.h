#pragma once

// A child's tie to the process that started it, one that needs no signal and crosses ssh: the
// parent holds the write end of a pipe (close-on-exec, so no other child inherits it) and gives
// the read end to the child; when the parent ends, however it ends (kill -9 too), the child
// reads end-of-file and cleans up. PR_SET_PDEATHSIG cannot reach a process started through ssh,
// and it fires when the spawning *thread* ends, not the process.
//
// Tree nodes (xylem-relay, xylem-collector --parent) get theirs on stdin after the tree's token
// (ssh forwards stdin); programs started beside xylem-cli (xylem-gsum launch) and gsum's hosts
// at the descriptor named by $XYLEM_LIFELINE_FD.

#include "core/model/result.h"

#include <functional>
#include <memory>
#include <optional>
#include <spawn.h>
#include <string>
#include <thread>

namespace xylem {

inline constexpr const char* kLifelineVariable = "XYLEM_LIFELINE_FD";
inline constexpr int kLifelineFd = 3; // where a spawner puts it when it is not stdin

// The parent's end.
class Lifeline
{
public:
    static Result<Lifeline> make();
    Lifeline(Lifeline&& other) noexcept;
    Lifeline& operator=(Lifeline&& other) noexcept;
    Lifeline(const Lifeline&) = delete;
    Lifeline& operator=(const Lifeline&) = delete;
    ~Lifeline(); // lets go: the child reads end-of-file

    // Puts the child's end at `target` in the child and closes every other descriptor above
    // stderr there (nothing of this process leaks into it: sockets, pipes, other lifelines).
    void addSpawnActions(posix_spawn_file_actions_t& actions, int target) const;
    void childStarted(); // closes the child's end here: only the child holds it now
    // Writes text for the child to read first (the tree's token); false when the child is gone.
    bool send(const std::string& text);

private:
    Lifeline(int childEnd, int parentEnd)
        : m_child(childEnd)
        , m_parent(parentEnd)
    {
    }
    void close();

    int m_child = -1;
    int m_parent = -1;
};

// The child's watch: onParentGone runs once, on the watch's own thread, when fd reads
// end-of-file. Anything written before is skipped (the token was read already).
class LifelineWatch
{
public:
    static Result<std::unique_ptr<LifelineWatch>> start(int fd, std::function<void()> onParentGone);
    ~LifelineWatch(); // stops watching (onParentGone is not called after)
    LifelineWatch(const LifelineWatch&) = delete;
    LifelineWatch& operator=(const LifelineWatch&) = delete;

private:
    LifelineWatch(int fd, int wake, std::function<void()> onParentGone);
    void watch();

    int m_fd;
    int m_wake; // an eventfd the destructor writes to end the watch
    std::function<void()> m_onParentGone;
    std::thread m_thread;
};

// Whether fd can carry a lifeline (a pipe or a socket: not a terminal, /dev/null or a file).
bool isLifeline(int fd);

// The descriptor the parent named in $XYLEM_LIFELINE_FD, if it is one; the variable is removed
// so that this process's own children do not take it for theirs. Call before threads start.
std::optional<int> inheritedLifeline();

// No descriptor of a parent belongs in its children (a listening socket there keeps the port,
// a connection there keeps the peer from seeing the parent die): spawners close every one above
// `last` in the child, and what opens a descriptor without O_CLOEXEC (Boost.Asio's sockets)
// marks it close-on-exec at once, for programs started by other means (QProcess, system()).
void closeDescriptorsAbove(posix_spawn_file_actions_t& actions, int last);
void closeOnExec(int fd);

} // namespace xylem
