#pragma once

// The MPI program's standard output and error as it writes them (mpirecording.h): a thread reads
// the two pipes and hands each piece it reads to a callback, so that the program's output is
// shown when the program writes it, whatever the gathering is doing. A piece is what one read
// brought: part of a line, a line, or several; the stream says which pipe.
//
// The thread blocks SIGINT, SIGTERM and SIGPIPE: signals are for the recorder's own threads
// (xylem-cli counts Ctrl-C), and a callback that writes to a closed pipe fails with EPIPE instead
// of ending the process.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string_view>
#include <thread>

namespace xylem::record {

enum class MpiStream
{
    Stdout,
    Stderr,
};

class MpiOutputRelay
{
public:
    using Sink = std::function<void(MpiStream, std::string_view)>;

    MpiOutputRelay() = default;
    ~MpiOutputRelay(); // stops at once
    MpiOutputRelay(const MpiOutputRelay&) = delete;
    MpiOutputRelay& operator=(const MpiOutputRelay&) = delete;

    // Reads the two descriptors until both end, owning them from here on; sink (may be empty:
    // the output is read and dropped) is called on the relay's thread.
    void start(int programStdout, int programStderr, Sink sink);
    // Waits for the program's streams to end (all its processes gone), at most `grace` (a
    // process that escaped the program's group may hold them open), then stops.
    void finish(std::chrono::milliseconds grace);

private:
    void loop(int out, int err);

    Sink m_sink;
    std::atomic<bool> m_stop{false};
    std::atomic<std::int64_t> m_deadlineMs{0}; // steady clock; 0: none yet
    std::thread m_thread;
};

} // namespace xylem::record
