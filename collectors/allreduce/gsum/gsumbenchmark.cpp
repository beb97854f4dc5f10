#include "collectors/allreduce/gsum/gsumbenchmark.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

namespace xylem::allreduce {

namespace {

using Clock = std::chrono::steady_clock;

void spinFor(std::chrono::nanoseconds span)
{
    const auto until = Clock::now() + span;
    while (Clock::now() < until) {
    }
}

struct ThreadResult
{
    double seconds = 0;
    double insideNs = 0; // time inside allreduce, timed calls
    std::int64_t wrong = 0;
    std::vector<double> recordedBlockUs, unrecordedBlockUs; // per iteration, per interleaved block
    std::vector<double> pairPct; // each recorded block against the unrecorded one before it
};

double median(std::vector<double> v)
{
    if (v.empty()) {
        return 0;
    }
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

struct ThreadPlan
{
    int wrapper = 0;
    size_t position = 0;      // among all threads of the configuration
    std::vector<Noise> noise; // the noise meant for this thread
};

ThreadResult runThread(AllreduceRuntime& runtime, const BenchmarkSpec& spec, const ThreadPlan& plan,
                       probe::Probe* probe, size_t allThreads, std::chrono::nanoseconds compute)
{
    std::optional<probe::ThreadRecorder> recorder;
    if (probe) {
        auto attached = probe->attachThread("gsum thread " + std::to_string(plan.position));
        if (attached) {
            recorder.emplace(std::move(attached).value());
        }
    }
    CallContext context{recorder ? &*recorder : nullptr, spec.recording()};
    ThreadResult result;
    Payload value(spec.elements);
    Clock::time_point start{}, blockStart{};
    const std::int64_t timedFrom = spec.firstSeq + spec.warmup;
    const std::int64_t end = timedFrom + spec.iterations;
    bool paused = false;
    for (std::int64_t seq = spec.firstSeq; seq < end; ++seq) {
        if (seq == timedFrom) {
            start = blockStart = Clock::now();
        }
        // Interleaved, the monitor rests with the recording: its collector does no work for
        // this thread's ring in the blocks without (ringlayout.h), so that a block with pays
        // for what its own calls cost the monitor, and a block without for nothing.
        if (recorder && spec.interleave > 0 && paused == context.schedule.records(seq)) {
            paused = !paused;
            recorder->ring().setMonitorPaused(paused);
        }
        for (const Noise& n : plan.noise) {
            if (seq % n.every == 0) {
                spinFor(n.delay);
            }
        }
        if (spec.kind == BenchmarkKind::ComputeGsum) {
            spinFor(compute);
        }
        for (size_t e = 0; e < spec.elements; ++e) {
            value[e] = contribution(plan.position, seq, e);
        }
        const auto before = Clock::now();
        const Payload sum = runtime.allreduce(context, plan.wrapper, seq, value);
        const auto after = Clock::now();
        if (seq >= timedFrom) {
            result.insideNs += std::chrono::duration<double, std::nano>(after - before).count();
        }
        if (spec.interleave > 0 && seq >= timedFrom &&
            (seq - timedFrom + 1) % spec.interleave == 0) {
            const double us =
                std::chrono::duration<double, std::micro>(after - blockStart).count() /
                static_cast<double>(spec.interleave);
            const bool recorded = context.schedule.records(seq);
            if (recorded && result.unrecordedBlockUs.size() == result.recordedBlockUs.size() + 1) {
                const double pausedUs = result.unrecordedBlockUs.back();
                result.pairPct.push_back((us - pausedUs) / pausedUs * 100.0);
            }
            (recorded ? result.recordedBlockUs : result.unrecordedBlockUs).push_back(us);
            blockStart = after;
        }
        for (size_t e = 0; e < spec.elements; ++e) {
            result.wrong += (e >= sum.size() || sum[e] != expectedSum(allThreads, seq, e)) ? 1 : 0;
        }
    }
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (recorder && paused) {
        recorder->ring().setMonitorPaused(false);
    }
    return result;
}

// compute-gsum computes about as long as an allreduce takes: measured with a short run of
// plain calls first, the same on every host (each measures its own; they agree closely).
std::chrono::nanoseconds calibrateCompute(AllreduceRuntime& runtime, const Configuration& config,
                                          const BenchmarkSpec& spec)
{
    if (spec.kind != BenchmarkKind::ComputeGsum) {
        return std::chrono::nanoseconds(0);
    }
    if (spec.computeUs > 0) { // given: launches compare, each host measuring its own does not
        return std::chrono::microseconds(spec.computeUs);
    }
    BenchmarkSpec probeRun = spec;
    probeRun.kind = BenchmarkKind::Gsum;
    probeRun.iterations = std::max<std::int64_t>(spec.warmup, 100);
    probeRun.warmup = 0;
    probeRun.firstSeq = -probeRun.iterations; // before the benchmark's calls, never recorded
    probeRun.noise.clear();
    const HostReport r = runBenchmark(runtime, config, probeRun, nullptr);
    return std::chrono::nanoseconds(static_cast<std::int64_t>(r.allreduceUs * 1000));
}

} // namespace

std::int64_t contribution(size_t thread, std::int64_t seq, size_t element)
{
    return static_cast<std::int64_t>(thread + 1) * 1'000'003 + seq * 7 +
           static_cast<std::int64_t>(element);
}

std::int64_t expectedSum(size_t threads, std::int64_t seq, size_t element)
{
    const auto n = static_cast<std::int64_t>(threads);
    return 1'000'003 * n * (n + 1) / 2 + n * (seq * 7 + static_cast<std::int64_t>(element));
}

HostReport runBenchmark(AllreduceRuntime& runtime, const Configuration& config,
                        const BenchmarkSpec& spec, probe::Probe* probe)
{
    const auto compute = calibrateCompute(runtime, config, spec);
    std::vector<ThreadPlan> plans;
    for (const int t : runtime.threads()) {
        const auto& all = config.threads();
        ThreadPlan plan{
            t, static_cast<size_t>(std::find(all.begin(), all.end(), t) - all.begin()), {}};
        for (const Noise& n : spec.noise) {
            if (n.thread == config.wrapper(t).id) {
                plan.noise.push_back(n);
            }
        }
        plans.push_back(std::move(plan));
    }
    std::vector<ThreadResult> results(plans.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < plans.size(); ++i) {
        threads.emplace_back([&, i] {
            results[i] =
                runThread(runtime, spec, plans[i], probe, config.threads().size(), compute);
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    HostReport report;
    std::vector<double> recordedBlocks, unrecordedBlocks, pairs;
    for (const ThreadResult& r : results) {
        pairs.insert(pairs.end(), r.pairPct.begin(), r.pairPct.end());
        recordedBlocks.insert(recordedBlocks.end(), r.recordedBlockUs.begin(),
                              r.recordedBlockUs.end());
        unrecordedBlocks.insert(unrecordedBlocks.end(), r.unrecordedBlockUs.begin(),
                                r.unrecordedBlockUs.end());
    }
    report.recordedIterationUs = median(recordedBlocks);
    report.unrecordedIterationUs = median(unrecordedBlocks);
    report.pairOverheadPct = median(pairs);
    report.pairs = static_cast<std::int64_t>(results.empty() ? 0 : results[0].pairPct.size());
    report.threads = plans.size();
    report.calls = spec.iterations;
    for (const ThreadResult& r : results) {
        report.seconds = std::max(report.seconds, r.seconds);
        report.allreduceUs +=
            r.insideNs / 1000.0 / static_cast<double>(std::max<std::int64_t>(spec.iterations, 1));
        report.wrongResults += r.wrong;
    }
    report.allreduceUs /= static_cast<double>(std::max<size_t>(results.size(), 1));
    report.iterationUs =
        report.seconds * 1e6 / static_cast<double>(std::max<std::int64_t>(spec.iterations, 1));
    return report;
}

std::string reportLine(const HostReport& r)
{
    char line[512];
    std::snprintf(line, sizeof line,
                  "gsum host=%s threads=%zu calls=%lld seconds=%.6f allreduce_us=%.3f "
                  "iteration_us=%.3f wrong=%lld "
                  "recorded_us=%.3f unrecorded_us=%.3f pair_pct=%.4f pairs=%lld",
                  r.host.c_str(), r.threads, static_cast<long long>(r.calls), r.seconds,
                  r.allreduceUs, r.iterationUs, static_cast<long long>(r.wrongResults),
                  r.recordedIterationUs, r.unrecordedIterationUs, r.pairOverheadPct,
                  static_cast<long long>(r.pairs));
    if (r.adaptSettled >= 0) {
        return line + std::string(" adapt_settled=") + std::to_string(r.adaptSettled);
    }
    return line;
}

namespace {

bool parseReportFields(const std::string& text, HostReport& r)
{
    std::istringstream fields(text);
    std::string field;
    int found = 0;
    while (fields >> field) {
        const size_t eq = field.find('=');
        const std::string key = field.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : field.substr(eq + 1);
        found += key == "host" || key == "seconds" || key == "calls";
        if (key == "host") {
            r.host = value;
        } else if (key == "threads") {
            r.threads = std::stoul(value);
        } else if (key == "calls") {
            r.calls = std::stoll(value);
        } else if (key == "seconds") {
            r.seconds = std::stod(value);
        } else if (key == "allreduce_us") {
            r.allreduceUs = std::stod(value);
        } else if (key == "iteration_us") {
            r.iterationUs = std::stod(value);
        } else if (key == "wrong") {
            r.wrongResults = std::stoll(value);
        } else if (key == "recorded_us") {
            r.recordedIterationUs = std::stod(value);
        } else if (key == "unrecorded_us") {
            r.unrecordedIterationUs = std::stod(value);
        } else if (key == "pair_pct") {
            r.pairOverheadPct = std::stod(value);
        } else if (key == "pairs") {
            r.pairs = std::stoll(value);
        } else if (key == "adapt_settled") {
            r.adaptSettled = std::stoi(value);
        }
    }
    return found == 3;
}

} // namespace

bool parseReportLine(const std::string& line, HostReport& r)
{
    if (!line.starts_with("gsum ")) {
        return false;
    }
    try {
        return parseReportFields(line.substr(5), r);
    } catch (const std::exception&) { // a number that does not parse: not a report line
        return false;
    }
}

Result<Noise> parseNoise(const std::string& text)
{
    const size_t first = text.find(':');
    if (first == std::string::npos || first == 0) {
        return makeError(ErrorCode::InvalidArgument,
                         "noise '" + text + "': expected THREAD:DELAY_US[:EVERY]");
    }
    Noise n;
    n.thread = text.substr(0, first);
    const size_t second = text.find(':', first + 1);
    const std::string delay = text.substr(
        first + 1, second == std::string::npos ? std::string::npos : second - first - 1);
    long long us = 0;
    long long every = 1;
    const auto d = std::from_chars(delay.data(), delay.data() + delay.size(), us);
    bool ok = d.ec == std::errc() && d.ptr == delay.data() + delay.size() && us >= 0;
    if (second != std::string::npos) {
        const std::string e = text.substr(second + 1);
        const auto r = std::from_chars(e.data(), e.data() + e.size(), every);
        ok = ok && r.ec == std::errc() && r.ptr == e.data() + e.size() && every >= 1;
    }
    if (!ok) {
        return makeError(ErrorCode::InvalidArgument,
                         "noise '" + text + "': expected THREAD:DELAY_US[:EVERY]");
    }
    n.delay = std::chrono::microseconds(us);
    n.every = every;
    return n;
}

} // namespace xylem::allreduce
