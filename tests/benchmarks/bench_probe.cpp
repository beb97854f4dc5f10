// The probe's record cost (performance.md: median <= 25 ns, p99 <= 100 ns, no lock, no system
// call) next to, in the same run, EventSpace's design (a mutex and a memcpy into a buffer) and an
// LTTng-UST tracepoint (bench_probe_lttng, run with a live LTTng session). Every variant takes
// its two timestamps from the TSC, as the probe does. Then a reader draining 16 rings.

#include "collectors/probe/probe.h"
#include "collectors/ring/ringreader.h"
#include "tests/benchmarks/benchharness.h"
#include "tests/benchmarks/recordtiming.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

using namespace xylem;

namespace {

constexpr std::int64_t kCalls = 2'000'000;

// EventSpace's event collector: a mutex around a copy into a bounded buffer.
class MutexRecorder
{
public:
    void record(const Tuple& t)
    {
        std::lock_guard lock(m_mutex);
        std::memcpy(&m_slots[m_next++ & (m_slots.size() - 1)], &t, sizeof t);
    }

private:
    std::mutex m_mutex;
    std::array<Tuple, 1 << 16> m_slots{};
    std::uint64_t m_next = 0;
};

std::string testPrefix()
{
    return "xylem-bench-" + std::to_string(::getpid()) + "-";
}

void unlinkAll(const std::string& prefix)
{
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm")) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(prefix)) {
            ::shm_unlink(("/" + name).c_str());
        }
    }
}

double lttngMedian(const char* self)
{
    // bench_probe_lttng sits next to this binary; run_lttng.sh makes the session around it.
    const std::filesystem::path dir = std::filesystem::path(self).parent_path();
    const std::string command =
        "bash " + (dir / "run_lttng.sh").string() + " " + (dir / "bench_probe_lttng").string();
    FILE* out = ::popen(command.c_str(), "r");
    if (!out) {
        return NAN;
    }
    char line[256];
    double median = NAN;
    while (std::fgets(line, sizeof line, out)) {
        std::fputs(line, stdout);
        std::sscanf(line, "lttng median %lf", &median);
    }
    ::pclose(out);
    return median;
}

} // namespace

int main(int, char** argv)
{
    const double tpn = bench::ticksPerNs();
    const std::string prefix = testPrefix();
    probe::ProbeOptions options;
    options.ringPrefix = prefix;
    options.ringCapacity = 1 << 16;
    options.collectorSocket = "/nonexistent/xylem-bench.sock"; // nobody to announce to
    probe::Probe probe(options);
    auto recorder = probe.attachThread("bench").value();
    std::printf("probe: clock %s, %.3f TSC ticks per ns\n",
                std::string(toString(recorder.clock())).c_str(), tpn);

    const auto probeCost = bench::perCallCost(kCalls, tpn, [&](std::int64_t i) {
        const std::int64_t down = recorder.now();
        const std::int64_t up = recorder.now();
        recorder.record(3, 1, i, 0, down, up);
    });
    MutexRecorder mutexRecorder;
    const auto mutexCost = bench::perCallCost(kCalls, tpn, [&](std::int64_t i) {
        const std::int64_t down = static_cast<std::int64_t>(__rdtsc());
        const std::int64_t up = static_cast<std::int64_t>(__rdtsc());
        mutexRecorder.record(Tuple{i, down, up, 3, 1, 0});
    });
    const auto writeOnly = bench::perCallCost(
        kCalls, tpn, [&](std::int64_t i) { recorder.record(3, 1, i, 0, i, i + 1); });
    const auto oneRead = bench::perCallCost(kCalls, tpn, [&](std::int64_t i) {
        (void)recorder.now();
        (void)i;
    });
    std::printf("probe: costs per call, timed in groups of %lld calls\n",
                static_cast<long long>(bench::kGroup));
    std::printf("probe: one clock read:              median %.1f ns, p99 %.1f ns\n", oneRead.median,
                oneRead.p99);
    std::printf("probe: record() alone (no clock):   median %.1f ns, p99 %.1f ns\n",
                writeOnly.median, writeOnly.p99);
    std::printf("probe: record with both timestamps: median %.1f ns, p99 %.1f ns (%lld calls)\n",
                probeCost.median, probeCost.p99, static_cast<long long>(kCalls));
    std::printf("probe: mutex + memcpy recorder:     median %.1f ns, p99 %.1f ns\n",
                mutexCost.median, mutexCost.p99);
    bench::printFigure("record_ns_median", probeCost.median, "ns");
    bench::printFigure("record_ns_p99", probeCost.p99, "ns");
    bench::printFigure("record_ns_median_mutex", mutexCost.median, "ns");
    bench::printFigure("record_ns_median_lttng", lttngMedian(argv[0]), "ns");

    // A reader draining 16 full rings.
    std::vector<ring::RingWriter> writers;
    for (int r = 0; r < 16; ++r) {
        writers.push_back(ring::RingWriter::create({prefix, 1u << 20, BufferPolicy::FillRead,
                                                    ClockKind::Tsc, "bench", "r"})
                              .value());
        for (std::int64_t i = 0; i < (1 << 20); ++i) {
            writers.back().push(i, i, i + 1, 3, 1, 0);
        }
    }
    std::vector<ring::MappedRing> readers;
    for (const auto& w : writers) {
        readers.push_back(ring::MappedRing::open(w.name()).value());
    }
    std::vector<Tuple> out;
    out.reserve(1 << 16);
    std::uint64_t total = 0;
    const double seconds = bench::medianSeconds(1, [&] {
        for (auto& reader : readers) {
            ring::RingCursor cursor;
            for (;;) {
                out.clear();
                const auto r = reader.read(cursor, 1 << 16, out);
                total += r.returned;
                if (r.returned == 0) {
                    break;
                }
            }
        }
    });
    std::printf("probe: read %llu tuples from 16 rings in %.3f s\n",
                static_cast<unsigned long long>(total), seconds);
    bench::printFigure("ring_read_tuples_per_s", static_cast<double>(total) / seconds, "1/s");
    unlinkAll(prefix);
    return 0;
}
