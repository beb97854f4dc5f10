#pragma once

// A host's allreduce that adapts its tree while it runs (`xylem-gsum run|launch --adapt
// TREE.json,...`, issue 24 item 4): the threads try the candidate configurations in turn, agree
// by one control allreduce per block, and settle on the fastest (treetrials.h).
//
// One HostRuntime per candidate, each wired at start (its own listening port, its own paths,
// its hosts meeting under their own names: candidaterendezvous.h), rather than one runtime
// holding several configurations: a HostRuntime is one configuration through and through (its
// wrappers, stubs, path hellos and services are the configuration's indices), and the switch
// between candidates is then only which runtime a call goes to. The price is a start per
// candidate and the idle paths of the candidates not chosen, kept open to the end.
//
// Every candidate has the start configuration's threads (by id) on the same hosts, and is
// runnable (checkRunnable); a thread's calls keep their numbers (seq) across switches, so every
// sum is checked as before. Calls with a negative seq (compute-gsum's calibration) go through
// the current candidate uncounted; the control allreduce has its own negative numbers.
// Only the settled tree's calls from the settle call on are recorded (RecordingSchedule::
// notBefore): the recorded run is the settled configuration's.

#include "collectors/allreduce/allreduceruntime.h"
#include "collectors/allreduce/hostruntime.h"
#include "collectors/allreduce/treetrials.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace xylem::allreduce {

struct AdaptCandidate
{
    std::string name; // as the record says it: the file as given
    Configuration config;
};

struct AdaptOptions
{
    int block = 32; // calls per trial block
    int rounds = 2; // trial blocks per candidate
};

// A candidate the start configuration can switch to: runnable, the same hosts, the same
// threads (by id) each on the same host. Errors name the candidate and what differs.
Result<Ok> checkCandidate(const Configuration& start, const AdaptCandidate& candidate);

class AdaptiveRuntime final : public AllreduceRuntime
{
public:
    // candidates[0] is the start configuration (the run's --config). Starts every candidate's
    // runtime in order through run (the first) and its CandidateRendezvous (the others).
    static Result<std::unique_ptr<AdaptiveRuntime>>
    start(std::vector<AdaptCandidate> candidates, const RuntimeOptions& options,
          const AdaptOptions& adapt, Rendezvous& run, probe::Probe* probe);
    ~AdaptiveRuntime() override;

    const std::vector<int>& threads() const override { return m_runtimes.front()->threads(); }
    Payload allreduce(CallContext& context, int threadWrapper, std::int64_t seq,
                      Payload value) override;
    void finish();

    // What this host's first thread did (every thread takes the same decisions); nullptr when
    // the host has no thread.
    const MpiTreeAdapt* record() const;
    // The candidate this host's threads settled on (its index); -1: still in the trials.
    int settledCandidate() const;
    // Whether every thread of this host switched at the same calls to the same trees.
    bool threadsAgree() const;
    // The mean time per call over this host's threads, in the trials and through the settled
    // tree (0 when there was no such call): what the switch gained.
    double meanTrialUs() const { return meanUs(0); }
    double meanSettledUs() const { return meanUs(1); }

private:
    struct ThreadState
    {
        TreeTrials trials;
        std::vector<int> wrappers; // the thread's wrapper index in each candidate
        std::int64_t ns[2] = {0, 0};    // time inside the calls: in the trials, settled
        std::int64_t calls[2] = {0, 0}; // their counts
    };

    double meanUs(int settled) const;

    AdaptiveRuntime() = default;

    std::vector<std::unique_ptr<Configuration>> m_configs; // the runtimes hold references
    std::vector<std::unique_ptr<HostRuntime>> m_runtimes;
    std::map<int, ThreadState> m_threads; // by the start configuration's wrapper; fixed at start
};

} // namespace xylem::allreduce
