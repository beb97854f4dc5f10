#pragma once

// What an instrumented program links. A Probe per process holds the settings; each thread
// that records attaches once and gets a ThreadRecorder with its own ring in shared memory.
// After that, record() is the whole cost of an event: two clock reads when the scoped helper
// takes them, then a few stores — no lock, no allocation, no system call. (The one exception:
// the record that notices a requested ring capacity makes the new ring, see ThreadRecorder.)
//
//   xylem::probe::Probe probe(xylem::probe::ProbeOptions::fromEnvironment());
//   auto recorder = probe.attachThread("worker-3").value();   // once per thread
//   {
//       xylem::probe::ScopedRecord r(recorder, /*collector*/ 4, /*op*/ 1, /*seq*/ call);
//       ... the call ...
//   }                                                         // records down and up

#include "collectors/probe/clock.h"
#include "collectors/ring/ringwriter.h"
#include "core/model/recording.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <span>
#include <string>

namespace xylem::probe {

struct ProbeOptions
{
    std::string ringPrefix = ring::defaultRingPrefix();
    std::uint32_t ringCapacity = 1u << 16;
    BufferPolicy policy = BufferPolicy::FillRead;
    ClockKind clock = detectClock();
    std::string program;         // defaults to the process name
    std::string collectorSocket; // where to announce new rings; empty: defaultCollectorSocket()

    // XYLEM_RING_PREFIX, XYLEM_RING_CAPACITY, XYLEM_BUFFER_POLICY (fill-read, replace-read,
    // fill-drain, replace-drain), XYLEM_CLOCK (tsc, clock_gettime, monotonic: clock_gettime
    // with CLOCK_MONOTONIC as the tuple clock too, core/model/tupleclock.h), XYLEM_COLLECTOR_SOCKET.
    // Values that do not parse keep their defaults.
    static ProbeOptions fromEnvironment();
};

// "/tmp/xylem-collector-<uid>.sock".
std::string defaultCollectorSocket();

// Follows a capacity the collector asks for (ringlayout.h): every kResizeCheckRecords records
// it looks, and on a request moves to a new ring of that size (made, announced, the old one
// closed) — a few system calls once per resize, none on the ordinary record.
class ThreadRecorder
{
public:
    // spec: how ring was made (a resize makes the next one alike); socket: whom to announce to.
    ThreadRecorder(ring::RingWriter ring, ring::RingSpec spec, std::string socket)
        : m_ring(std::move(ring))
        , m_spec(std::move(spec))
        , m_socket(std::move(socket))
    {
    }

    // A raw timestamp in this recorder's clock.
    std::int64_t now() const noexcept { return readClock(m_spec.clock); }

    void record(std::uint32_t collector, std::uint16_t op, std::int64_t seq, std::int16_t ret,
                std::int64_t down, std::int64_t up) noexcept
    {
        m_ring.push(seq, down, up, collector, op, ret);
        if ((m_ring.written() & (ring::kResizeCheckRecords - 1)) == 0) [[unlikely]] {
            followRequestedCapacity();
        }
    }

    // Several tuples in order (out of line: for paths off the common one).
    void recordAll(std::span<const Tuple> tuples) noexcept;

    ClockKind clock() const { return m_spec.clock; }
    const std::string& ringName() const { return m_ring.name(); }
    // Records in the current ring (a resize starts a new one).
    std::uint64_t recorded() const { return m_ring.written(); }
    std::uint32_t capacity() const { return m_ring.capacity(); }
    // The current ring (a resize replaces what it holds): its monitor words (ringwriter.h).
    ring::RingWriter& ring() noexcept { return m_ring; }

private:
    void followRequestedCapacity() noexcept;

    ring::RingWriter m_ring;
    ring::RingSpec m_spec;
    std::string m_socket;
    std::uint32_t m_refused = 0; // a capacity whose ring could not be made: not tried again
};

// Takes down when made and up when destroyed, and records both.
class ScopedRecord
{
public:
    ScopedRecord(ThreadRecorder& recorder, std::uint32_t collector, std::uint16_t op,
                 std::int64_t seq) noexcept
        : m_recorder(recorder)
        , m_collector(collector)
        , m_op(op)
        , m_seq(seq)
        , m_down(recorder.now())
    {
    }
    ScopedRecord(const ScopedRecord&) = delete;
    ScopedRecord& operator=(const ScopedRecord&) = delete;
    ~ScopedRecord()
    {
        m_recorder.record(m_collector, m_op, m_seq, m_ret, m_down, m_recorder.now());
    }

    void setReturn(std::int16_t ret) noexcept { m_ret = ret; }

private:
    ThreadRecorder& m_recorder;
    std::uint32_t m_collector;
    std::uint16_t m_op;
    std::int64_t m_seq;
    std::int64_t m_down;
    std::int16_t m_ret = 0;
};

class Probe
{
public:
    explicit Probe(ProbeOptions options = ProbeOptions::fromEnvironment());

    // Makes this thread's ring and announces it to the node's collector. A collector that is
    // not running is no error: it finds the ring when it starts.
    Result<ThreadRecorder> attachThread(const std::string& label);

    const ProbeOptions& options() const { return m_options; }

private:
    ProbeOptions m_options;
};

// Tells the collector at socketPath about a new ring; false if no collector listens there.
bool announceRing(const std::string& socketPath, const std::string& ringName);

} // namespace xylem::probe
