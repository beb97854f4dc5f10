// xylem-test-recorder: an instrumented program for the collector's tests. Each of --threads
// threads attaches a ring (settings from the XYLEM_* environment) and records --records tuples
// (collector = thread index, seq = i, down/up from the probe's clock), --pause-us apart. Then:
//   --then exit    return normally
//   --then crash   abort(), as a crashing program would
//   --then run     keep recording one tuple per millisecond until killed
// Prints "ready <ring names...>" once every thread has attached, and "recorded" when done.

#include "collectors/probe/probe.h"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace {

// Blocks until count reaches at least target (woken by notify_all, no polling).
void waitFor(std::atomic<int>& count, int target)
{
    for (int seen = count.load(); seen < target; seen = count.load()) {
        count.wait(seen);
    }
}

} // namespace

int main(int argc, char** argv)
{
    int threads = 1;
    long records = 1000;
    long pauseUs = 0;
    std::string then = "exit";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg == "--threads") {
            threads = std::atoi(argv[i + 1]);
        } else if (arg == "--records") {
            records = std::atol(argv[i + 1]);
        } else if (arg == "--pause-us") {
            pauseUs = std::atol(argv[i + 1]);
        } else if (arg == "--then") {
            then = argv[i + 1];
        }
    }
    xylem::probe::Probe probe;
    std::mutex mutex;
    std::vector<std::string> names;
    std::atomic<int> attached{0};
    std::atomic<int> done{0};
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            auto recorder = probe.attachThread("worker-" + std::to_string(t));
            if (!recorder) {
                std::fprintf(stderr, "attach failed: %s\n", recorder.error().describe().c_str());
                std::exit(3);
            }
            {
                std::lock_guard lock(mutex);
                names.push_back(recorder->ringName());
            }
            ++attached;
            attached.notify_all();
            waitFor(attached, threads);
            for (long i = 0; i < records || then == "run"; ++i) {
                const std::int64_t down = recorder->now();
                recorder->record(static_cast<std::uint32_t>(t), 1, i, 0, down, recorder->now());
                if (pauseUs > 0 || i >= records) {
                    std::this_thread::sleep_for(
                        std::chrono::microseconds(i >= records ? 1000 : pauseUs));
                }
                if (i + 1 == records) {
                    ++done;
                    done.notify_all();
                }
            }
        });
    }
    waitFor(attached, threads);
    std::printf("ready");
    for (const std::string& name : names) {
        std::printf(" %s", name.c_str());
    }
    std::printf("\n");
    std::fflush(stdout);
    waitFor(done, threads);
    std::printf("recorded\n");
    std::fflush(stdout);
    if (then == "crash") {
        std::abort();
    }
    for (auto& w : workers) {
        w.join(); // "run" never ends: the test kills the process
    }
    return 0;
}
