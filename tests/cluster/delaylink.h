#pragma once

// A TCP forwarder that delays what it forwards, for emulated links where the kernel has no
// netem (`tc qdisc ... netem` answers "Specified qdisc kind is unknown"). It listens on an
// address; each connection accepted is paired with a connection to the target, and every chunk
// read from either side is written to the other side `delay` after it was read, in order. What
// is queued per direction is bounded (the reader stops reading when the bound is reached, so a
// slow side slows the other down as TCP would). End-of-file is passed on once the queue before
// it is out; an error on either side closes both.
//
// The delay is per direction: a request and its answer through one link take 2 × delay more
// than without it. A chunk is never early; it may be late by the scheduler's wake-up time
// (the pump threads ask for 1 ns of timer slack, not the default 50 µs).
//
// The forwarder's sockets live in the network namespace of the thread that calls start(): a
// harness that setns()'d into a host first forwards from that host.

#include "core/model/result.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace xylem::testing {

struct DelayLinkOptions
{
    std::string listenAddress = "127.0.0.1"; // IPv4 literal; port chosen by the kernel
    std::string targetAddress;               // IPv4 literal
    std::uint16_t targetPort = 0;
    std::chrono::microseconds delay{100};
    std::size_t bufferBytes = 4u << 20; // queued per direction at most
    std::chrono::milliseconds connectTimeout{5000};
};

class DelayLink
{
public:
    static Result<std::unique_ptr<DelayLink>> start(DelayLinkOptions options);
    ~DelayLink(); // stop()
    DelayLink(const DelayLink&) = delete;
    DelayLink& operator=(const DelayLink&) = delete;

    // Closes the listening socket and every forwarded connection, joins the threads. Idempotent.
    void stop();

    std::uint16_t port() const { return m_port; }
    std::uint64_t connections() const { return m_connections.load(); }
    std::uint64_t bytesForwarded() const { return m_bytes.load(); } // both directions
    std::uint64_t failedConnects() const { return m_failedConnects.load(); }

private:
    explicit DelayLink(DelayLinkOptions options);
    void acceptLoop();
    void pump(int a, int b);
    int connectTarget() const; // -1 when the target cannot be reached in time

    DelayLinkOptions m_options;
    int m_listen = -1;
    int m_stop[2] = {-1, -1}; // written once by stop(): every thread polls the read end
    std::uint16_t m_port = 0;
    std::thread m_acceptor;
    std::mutex m_mutex; // guards m_pumps
    std::vector<std::thread> m_pumps;
    std::atomic<std::uint64_t> m_connections{0};
    std::atomic<std::uint64_t> m_bytes{0};
    std::atomic<std::uint64_t> m_failedConnects{0};
    bool m_stopped = false;
};

} // namespace xylem::testing
