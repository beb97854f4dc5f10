#pragma once

// One emulated host's init: `unshare --pid [--time ...] --fork --kill-child=KILL xylem-hostinit`
// started, then awaited (its "ready" line), then halted. Started and awaited apart so that a
// cluster boots its hosts side by side. The harness holds each init's lifeline: when the
// harness ends, however, the init reads end-of-file and ends, and its host with it (the pipe of
// core/model/lifeline.h, kept here as a plain descriptor: its Lifeline hands its child's end
// to posix_spawn actions only, and the spawn here has its own descriptor plan).

#include "core/model/result.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace xylem::testing {

struct HostBootSpec
{
    std::string name;
    std::optional<std::int64_t> monotonicOffsetS; // nullopt: the machine's clocks (the switch)
    std::string hostsFile;                        // bind-mounted on /etc/hosts; empty: none
    std::vector<std::string> hidden;              // an empty tmpfs over each
    std::string log;                              // the init's (and unshare's) stderr
    std::string hostinit;                         // path of xylem-hostinit
};

class HostInit
{
public:
    explicit HostInit(HostBootSpec spec);
    ~HostInit(); // halt()
    HostInit(const HostInit&) = delete;
    HostInit& operator=(const HostInit&) = delete;

    Result<Ok> launch();
    Result<Ok> await(std::chrono::milliseconds timeout); // after launch(): init ready, pid known
    // SIGKILL to the init by pid (to unshare, if the init never came); every process of the
    // host ends with its init. halt() also reaps unshare (kill() first on each of many hosts
    // lets them end side by side). Both idempotent.
    void kill();
    void halt();

    const HostBootSpec& spec() const { return m_spec; }
    pid_t initPid() const { return m_initPid; }
    pid_t unsharePid() const { return m_unsharePid; }

private:
    Error failure(const std::string& what) const; // names the host, adds the log's tail

    HostBootSpec m_spec;
    pid_t m_unsharePid = -1;
    pid_t m_initPid = -1;
    int m_ready = -1;    // the read end of the init's stdout
    int m_lifeline = -1; // the write end of the init's lifeline (close-on-exec: ours alone)
};

} // namespace xylem::testing
