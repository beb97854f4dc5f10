#pragma once

// A sweep run: its trials (sweepplan.h) one after another, each a run of the one session, and
// each finished trial's speedup against the sweep's reference — the first trial that stored a
// run with complete calls. A trial that fails is kept with its error and the sweep goes on; a
// stop ends the trial that is recording cleanly (its run is stored and summed up) and runs no
// further one.
//
//   tune::Sweep sweep(trials, callbacks);
//   std::thread worker([&] { entries = sweep.run(); });   // blocks until the last trial
//   ...  sweep.stop();                                     // any thread, any time
//
// Callbacks come on the thread that runs the sweep, as the recording's do (recordingevents.h);
// of an MPI sweep, only the recording's phase is reported.

#include "core/record/recordingsession.h"
#include "core/tune/sweepmpi.h"
#include "core/tune/trial.h"

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

namespace xylem::tune {

struct SweepEntry
{
    std::string label;
    std::optional<TrialResult> result;
    std::optional<Error> error;     // the trial failed: nothing of it is in result
    std::optional<Speedup> speedup; // against the reference (1 for the reference itself)
    bool reference = false;
    bool ran = true; // false: not started, the sweep was stopped before it
};

struct SweepCallbacks
{
    std::function<void(size_t index, size_t count, const std::string& label)> started;
    std::function<void(size_t index, size_t count, const SweepEntry& entry)> finished;
    record::RecordingCallbacks recording; // each trial's recording reports through these
    // An MPI sweep's program output as it writes it, from the relay's thread (unset: dropped).
    record::MpiOutputRelay::Sink programOutput;
};

class Sweep
{
public:
    Sweep(std::vector<TrialSpec> trials, SweepCallbacks callbacks);
    // An MPI program's sweep (sweepmpi.h): a stop interrupts the program of the trial that
    // runs (what it recorded is stored) and starts no other.
    Sweep(std::vector<MpiTrialSpec> trials, SweepCallbacks callbacks);
    Sweep(const Sweep&) = delete;
    Sweep& operator=(const Sweep&) = delete;

    // Once; an entry per trial, in order (those after a stop with ran = false).
    std::vector<SweepEntry> run();

    void stop();                     // thread-safe
    void stopFromSignal() noexcept;  // async-signal-safe (xylem-cli's Ctrl-C)
    bool stopRequested() const noexcept { return m_stop.load(); }

private:
    SweepEntry runOne(const TrialSpec& spec);
    SweepEntry runOne(const MpiTrialSpec& spec);
    const std::string& labelOf(size_t index) const;

    std::vector<TrialSpec> m_trials;
    std::vector<MpiTrialSpec> m_mpiTrials;
    SweepCallbacks m_callbacks;
    std::atomic<bool> m_stop{false};
    std::atomic<record::RecordingSession*> m_current{nullptr};
};

static_assert(std::atomic<record::RecordingSession*>::is_always_lock_free);

} // namespace xylem::tune
