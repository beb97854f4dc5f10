#pragma once

// The benchmarks of the papers, run by one host's threads over a HostRuntime:
//   gsum          N allreduce calls back to back (the runtime alternates two trees)
//   compute-gsum  between calls, compute for about as long as a call takes (half and half)
// Noise injection delays chosen threads before chosen calls, to plant a known culprit.
// Every thread checks every result against the sum it must be.

#include "collectors/allreduce/hostruntime.h"
#include "core/model/configuration.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace xylem::allreduce {

enum class BenchmarkKind
{
    Gsum,
    ComputeGsum
};

struct Noise
{
    std::string thread; // thread wrapper id
    std::chrono::microseconds delay{0};
    std::int64_t every = 1; // before every k-th call
};

struct BenchmarkSpec
{
    BenchmarkKind kind = BenchmarkKind::Gsum;
    std::int64_t iterations = 1000;
    size_t elements = 1; // 8-byte values per call
    std::vector<Noise> noise;
    std::int64_t warmup = 100; // calls before timing starts (compute-gsum calibrates on them)
    std::int64_t interleave =
        0; // > 0: timed calls alternate blocks of this many unrecorded/recorded
    std::int64_t computeUs = 0; // compute-gsum: > 0 computes this long; 0 measures an allreduce
    std::int64_t firstSeq = 0;  // negative: calls of the runtime's own, never recorded (wrapper.h)

    RecordingSchedule recording() const { return {interleave, warmup}; }
};

struct HostReport
{
    std::string host;
    size_t threads = 0;
    std::int64_t calls = 0;        // per thread, timed
    double seconds = 0;            // the slowest thread's timed loop
    double allreduceUs = 0;        // mean time inside allreduce per call
    double iterationUs = 0;        // seconds / calls
    std::int64_t wrongResults = 0; // results that were not the expected sum
    // With interleave: the median time per iteration over the blocks with and without recording.
    double recordedIterationUs = 0;
    double unrecordedIterationUs = 0;
    // With interleave: the median over pairs of blocks (one without, the next with) of the
    // slowdown within the pair, in %; and how many pairs each thread timed.
    double pairOverheadPct = 0;
    std::int64_t pairs = 0;
    // With --adapt: the candidate this host's threads settled on (0 the start configuration,
    // then --adapt's files in order); -1 without --adapt or before the trials ended.
    int adaptSettled = -1;
};

// The value thread t (its position among all threads) contributes to call seq, element e.
std::int64_t contribution(size_t thread, std::int64_t seq, size_t element);
std::int64_t expectedSum(size_t threads, std::int64_t seq, size_t element);

HostReport runBenchmark(AllreduceRuntime& runtime, const Configuration& config,
                        const BenchmarkSpec& spec, probe::Probe* probe);

// One line a launcher can parse: "gsum host=A threads=2 calls=... seconds=... allreduce_us=...".
std::string reportLine(const HostReport& report);
bool parseReportLine(const std::string& line, HostReport& report);

Result<Noise> parseNoise(const std::string& text); // "THREAD:DELAY_US[:EVERY]"

} // namespace xylem::allreduce
