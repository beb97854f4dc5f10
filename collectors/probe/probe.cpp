#include "collectors/probe/probe.h"

#include "core/protocol/collectormessages.h"

#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace xylem::probe {

namespace {

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::string processName()
{
    std::ifstream in("/proc/self/comm");
    std::string name;
    std::getline(in, name);
    return name;
}

} // namespace

std::string defaultCollectorSocket()
{
    return "/tmp/xylem-collector-" + std::to_string(::getuid()) + ".sock";
}

ProbeOptions ProbeOptions::fromEnvironment()
{
    ProbeOptions o;
    if (const std::string prefix = environment("XYLEM_RING_PREFIX"); !prefix.empty()) {
        o.ringPrefix = prefix;
    }
    if (const std::string capacity = environment("XYLEM_RING_CAPACITY"); !capacity.empty()) {
        std::uint32_t value = 0;
        const auto [end, ec] =
            std::from_chars(capacity.data(), capacity.data() + capacity.size(), value);
        if (ec == std::errc() && end == capacity.data() + capacity.size() && value > 0) {
            o.ringCapacity = value;
        }
    }
    if (const auto policy = bufferPolicyFromString(environment("XYLEM_BUFFER_POLICY"))) {
        o.policy = *policy;
    }
    const std::string clock = environment("XYLEM_CLOCK");
    if (clock == "clock_gettime" || clock == "monotonic") { // monotonic: the tuple clock too
        o.clock = ClockKind::Monotonic;
    } else if (clock == "tsc" && detectClock() == ClockKind::Tsc) {
        o.clock = ClockKind::Tsc;
    }
    o.collectorSocket = environment("XYLEM_COLLECTOR_SOCKET");
    return o;
}

Probe::Probe(ProbeOptions options)
    : m_options(std::move(options))
{
    if (m_options.program.empty()) {
        m_options.program = processName();
    }
    if (m_options.collectorSocket.empty()) {
        m_options.collectorSocket = defaultCollectorSocket();
    }
}

Result<ThreadRecorder> Probe::attachThread(const std::string& label)
{
    auto ring = ring::RingWriter::create(ring::RingSpec{m_options.ringPrefix,
                                                        m_options.ringCapacity, m_options.policy,
                                                        m_options.clock, m_options.program, label});
    if (!ring) {
        return ring.error();
    }
    (void)announceRing(m_options.collectorSocket, ring->name());
    return ThreadRecorder(std::move(ring).value(),
                          ring::RingSpec{m_options.ringPrefix, m_options.ringCapacity,
                                         m_options.policy, m_options.clock, m_options.program,
                                         label},
                          m_options.collectorSocket);
}

void ThreadRecorder::recordAll(std::span<const Tuple> tuples) noexcept
{
    for (const Tuple& t : tuples) {
        record(t.collector, t.op, t.seq, t.ret, t.down, t.up);
    }
}

void ThreadRecorder::followRequestedCapacity() noexcept
{
    const std::uint32_t wanted = m_ring.requestedCapacity();
    if (wanted == 0 || wanted == m_ring.capacity() || wanted == m_refused) {
        return;
    }
    // Never throws into the monitored program: a ring that cannot be made (/dev/shm full, no
    // memory) leaves the ring there is, and that capacity is not tried again.
    try {
        m_spec.capacity = wanted;
        auto next = ring::RingWriter::create(m_spec);
        if (!next) {
            m_refused = wanted;
            return;
        }
        (void)announceRing(m_socket, next->name());
        m_ring = std::move(next).value(); // the old ring is closed: the collector drains it
    } catch (...) {
        m_refused = wanted;
    }
}

bool announceRing(const std::string& socketPath, const std::string& ringName)
{
    sockaddr_un address{};
    if (socketPath.size() >= sizeof address.sun_path) {
        return false;
    }
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, socketPath.c_str(), socketPath.size() + 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        return false;
    }
    bool sent = false;
    if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) {
        const auto frame = protocol::frameOf(protocol::MessageType::RegisterRing,
                                             protocol::RegisterRingMessage{ringName});
        sent = ::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL) ==
               static_cast<ssize_t>(frame.size());
    }
    ::close(fd);
    return sent;
}

} // namespace xylem::probe
