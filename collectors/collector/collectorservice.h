#pragma once

// xylem-collector's work, without its socket: the interface the gather tree's leaf calls, in
// process or through CollectorServer. Holds the node's rings, each client's reading position,
// the node-side monitors clients installed, and the system samples.
//
// Not thread-safe: one thread (the server's) calls it.

#include "collectors/collector/clockcalibration.h"
#include "collectors/collector/nodefilter.h"
#include "collectors/collector/ringdirectory.h"
#include "collectors/ring/coschedule.h"
#include "collectors/sampler/samplebuffer.h"
#include "collectors/sampler/systemsampler.h"
#include "core/protocol/collectormessages.h"

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace xylem::collector {

struct CollectorOptions
{
    std::string host;       // this node's id (samples, monitors)
    std::string ringPrefix; // shared-memory names of the rings to serve
    std::string shmDirectory = "/dev/shm";
    std::string procRoot = "/proc";
    std::int64_t samplePeriodNs = 1'000'000'000;
    size_t sampleCapacity = 4096;
    std::int64_t deadRingRetentionNs =
        600'000'000'000; // a dead ring nobody reads is retired after this
    // Coscheduling as the node's owner sets it (a leaf, on the tree's control "coschedule"):
    // shared with every copy of these options, and followed by the service before each read.
    // The owner changes it on the service's own thread.
    std::shared_ptr<ring::CoschedulePoint> coschedule =
        std::make_shared<ring::CoschedulePoint>(ring::CoschedulePoint::Off);
};

// The leaf's control command that sets CollectorOptions::coschedule (argument: off,
// after-send, after-release).
inline constexpr const char* kCoscheduleControl = "coschedule";

using ClientId = std::uint32_t;

// The longest a coscheduled read waits for its program's signal: a program that computes, or
// ended, is read anyway.
inline constexpr std::chrono::milliseconds kCoscheduleWait{10};

class CollectorService
{
public:
    explicit CollectorService(CollectorOptions options);

    // resume: take over the reading position (and the counts) of the last closed client of
    // that name, if any, so that a redeployed scope's tuple stream neither reads again what its
    // predecessor read nor misses what came in between; else a client reads from each ring's
    // oldest record. Streams that resume need names of their own.
    ClientId openClient(const std::string& name, bool resume = false);
    void closeClient(ClientId client);

    protocol::WelcomeMessage welcome() const;
    void registerRing(const std::string& name);
    protocol::RingListMessage listRings();
    Result<Ok> setPolicy(const protocol::SetPolicyMessage& request);
    protocol::TupleBatchMessage readTuples(ClientId client, std::uint32_t maxTuples);
    protocol::SampleBatchMessage readSamples(const protocol::ReadSamplesMessage& request) const;
    Result<Ok> installFilter(ClientId client, const protocol::InstallFilterMessage& request);
    Result<protocol::FilterResultMessage> pollFilter(ClientId client, std::uint32_t filter);
    Result<Ok> removeFilter(ClientId client, std::uint32_t filter);

    // Asks every ring's writer, and those of rings found later, to move to rings of this
    // capacity (rounded up to a power of two, ringlayout.h); the old rings are drained and
    // retired. An error names a capacity out of range.
    Result<Ok> setRingCapacity(std::int64_t capacity);

    // Coscheduling (collectors/ring/coschedule.h): from now on every ring's program, and those
    // of rings found later, signals this point of its collective, and reading waits for the
    // signal (at most kCoscheduleWait) instead of starting whenever it is asked. Off: no waits.
    void setCoschedule(ring::CoschedulePoint point);
    ring::CoschedulePoint coschedule() const { return m_coschedule; }

    // Periodic work: find rings, note dead processes, sample the system when due, feed the
    // monitors, retire read-out rings of finished threads (closed) and processes.
    void tick(std::int64_t nowNs);
    // The sampling part of tick() alone, for a timer that keeps the samples one period apart.
    // Returns when the next sample is due; nullopt when the service never samples (period 0).
    std::optional<std::int64_t> sampleIfDue(std::int64_t nowNs);
    // The sequence number the next system sample will get: a new reader's starting cursor.
    std::uint64_t nextSampleSequence() const { return m_samples.nextSequence(); }

    // One request frame in, its response frame out (empty for announcements).
    std::vector<std::uint8_t> handle(ClientId client, const protocol::Frame& frame);

    // Every ring this service served, retired ones included: the scope's accounting.
    struct RingTotals
    {
        std::uint64_t written = 0;
        std::uint64_t read = 0;
        std::uint64_t overwritten = 0;
        std::uint32_t rings = 0;
    };
    RingTotals totals();

    // What happened since the last call (rings refused or retired, failed samples), for the log.
    std::vector<std::string> takeLog() { return std::exchange(m_log, {}); }

private:
    struct Client
    {
        std::string name;
        std::map<std::uint32_t, ring::RingCursor> cursors; // per ring
        std::map<std::uint32_t, std::unique_ptr<NodeFilter>> filters;
        bool resumable = false; // parked on close for a successor (openClient's resume)
    };
    // A ring's accounting: every client reads every record (its own cursor), so the ring's
    // "read" is the most any client got and its "overwritten" the fewest any client lost;
    // one client's numbers are the ring's.
    struct RingCounts
    {
        std::map<ClientId, std::pair<std::uint64_t, std::uint64_t>> byClient; // read, overwritten
        std::uint64_t read() const;
        std::uint64_t overwritten() const;
    };

    void note(std::string line);
    // Coscheduled: sleeps until a ring's program signals (or kCoscheduleWait passes).
    void awaitCoschedule();
    // A ring whose monitor rests (its program paused it, ringlayout.h): not read now.
    static bool resting(const TrackedRing& tracked) { return tracked.ring.monitorPaused(); }
    bool allResting();
    static constexpr std::int64_t kRestingRecheckNs = 10'000'000; // sampling, while all rest
    void feedFilters();
    void retireReadOutRings(std::int64_t nowNs);
    void applyRingDefaults(std::uint32_t ring);
    void noteFound(std::uint32_t ring);
    std::vector<std::uint8_t> dispatch(ClientId client, const protocol::Frame& frame);

    CollectorOptions m_options;
    ClockCalibration m_clock;
    RingDirectory m_rings;
    std::map<std::uint32_t, RingCounts> m_counts;
    RingTotals m_retired;                        // what retired rings had when they went
    std::optional<BufferPolicy> m_defaultPolicy; // for rings found after a SetPolicy for all
    std::uint32_t m_ringCapacity = 0;            // asked of every ring (setRingCapacity); 0: none
    ring::CoschedulePoint m_coschedule = ring::CoschedulePoint::Off;
    sampler::SystemSampler m_sampler;
    sampler::SampleBuffer m_samples;
    std::int64_t m_nextSampleNs = 0;
    std::map<ClientId, Client> m_clients;
    // The last closed client of each name that opened to be resumed: its id and cursors.
    std::map<std::string, std::pair<ClientId, std::map<std::uint32_t, ring::RingCursor>>> m_parked;
    ClientId m_nextClient = 1;
    std::vector<std::string> m_log;
};

} // namespace xylem::collector
