#pragma once

// One trial of a sweep or a tuner: record one configuration of the gsum allreduce as a run of a
// session, then read that run back and sum it up as a sweep's table and a tuner's step need it
// — mean operation time with its 95 % interval, the slowest class and its hottest stage — and
// keep every call's operation time, from which the speedup of one trial against another is
// bootstrapped (metrics.md §13).
//
//   auto result = tune::runTrial(spec);             // blocks until the run is stored
//
// To stop a trial from another thread or a signal, run its steps yourself:
//
//   XYLEM_TRY(prepared, tune::prepareTrial(spec));
//   record::RecordingSession session(prepared->request, callbacks);  // session.stop() ends it
//   XYLEM_TRY(outcome, session.run());
//   XYLEM_TRY(result, tune::trialResultOf(prepared.value(), outcome.value()));
//
// The figures are core/analysis's: the mean's interval meaninterval.h, the slowest class and
// its hottest stage slowestclass.h.

#include "core/analysis/meaninterval.h"
#include "core/analysis/report.h"
#include "core/analysis/speedupinterval.h"
#include "core/model/configuration.h"
#include "core/model/result.h"
#include "core/record/recordingevents.h"
#include "core/record/recordrequest.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace xylem::tune {

// One configuration to measure: a gsum recording request. When `configuration` is set it is
// written to a private xylem-tree/1 file and used as request.tree.configFile.
struct TrialSpec
{
    std::string label;             // the run's name in the session (request.runName if empty)
    record::RecordRequest request; // sessionPath, workload, scope...
    std::optional<Configuration> configuration;
    // Emulated wide-area link on every proxy whose edge joins two clusters, e.g. "2ms" or
    // "2ms/100Mbit" (xylem-gsum --wan, computed per configuration, clusterlinks.h); empty: none.
    std::string clusterLink;
};

struct TrialResult
{
    explicit TrialResult(Configuration config)
        : configuration(std::move(config))
    {
    }

    std::string label;
    std::int64_t run = 0;                     // the run's id in the session
    Configuration configuration;              // as recorded
    std::vector<std::int64_t> operationTimes; // ns, every complete call (the per-call records)
    double meanNs = 0, ciLowerNs = 0, ciUpperNs = 0; // mean op time, 95 % interval of the mean
    std::optional<AnalysisReport> report;            // the stored run's analysis
    std::string slowestClass; // the class that is slowest most often (§6): its signature
    std::string hottestStage; // that class's representative's largest stage (§6 hotspots)
    double hottestStageNs = 0;
    // Added beyond the agreed shape:
    std::string representative; // the slowest class's representative thread
    std::int64_t incompleteCalls = 0;
    std::string wan;                 // the --wan given to xylem-gsum ("" : none)
    std::optional<Error> incomplete; // gathering failed after the run began (it keeps what came)
};

// B against A: mean(A)/mean(B) (above 1: B is faster) and its bootstrap interval.
struct Speedup
{
    double value = 0;
    SpeedupInterval interval;
};

// A private folder under $TMPDIR (else /tmp) for a trial's tree file; removed with this.
class TrialScratch
{
public:
    static Result<TrialScratch> make();
    TrialScratch(TrialScratch&& other) noexcept;
    TrialScratch& operator=(TrialScratch&&) = delete;
    TrialScratch(const TrialScratch&) = delete;
    ~TrialScratch();
    const std::string& folder() const { return m_folder; }

private:
    explicit TrialScratch(std::string folder)
        : m_folder(std::move(folder))
    {
    }
    std::string m_folder;
};

// The trial's recording request made concrete: its tree file written, its run named, its WAN
// computed from the configuration it will run.
struct PreparedTrial
{
    std::string label;
    record::RecordRequest request;
    Configuration configuration; // what the request will record
    std::string wan;
    std::optional<TrialScratch> scratch; // holds the tree file while the trial runs
};

Result<PreparedTrial> prepareTrial(const TrialSpec& spec);
// The stored run read back (its analysis and per-call records, as `xylem-cli analyze` reads it).
// A run without a complete call is an error that names it (and how xylem-gsum ended).
Result<TrialResult> trialResultOf(const PreparedTrial& prepared,
                                  const record::RecordingOutcome& outcome);
// Any stored run of a session summed up as a trial is (an MPI program's kind run too); an
// error when it has no complete call.
Result<TrialResult> summarizeRun(const std::string& sessionPath, std::int64_t run,
                                 const std::string& label);
Result<TrialResult> runTrial(const TrialSpec& spec,
                             const record::RecordingCallbacks& callbacks = {});

// B against A: mean(A)/mean(B) and its bootstrap interval (speedupinterval.h); an error when
// either has no complete call.
Result<Speedup> speedupOf(const TrialResult& a, const TrialResult& b,
                          const BootstrapOptions& bootstrap = {});

} // namespace xylem::tune
