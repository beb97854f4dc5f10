#pragma once

// The MPI side of a sweep: the same MPI command line recorded once per tree of Xylem's
// interposer (xylem-cli mpi --tree SPEC: native, flat, binomial, k-ary:K, hierarchy[:K] or a
// file), each trial summed up from the run of one collective kind (MPI_Allreduce on
// MPI_COMM_WORLD unless another kind is asked for), as a gsum trial is from its run.

#include "core/record/mpirecording.h"
#include "core/tune/trial.h"

#include <string>
#include <vector>

namespace xylem::tune {

struct MpiTrialSpec
{
    std::string label;               // the SPEC; the recording's runs are named after it
    record::MpiRecordRequest request; // its tree is the SPEC
    std::string kind = "MPI_Allreduce";
};

// "allreduce" or "MPI_Allreduce" -> "MPI_Allreduce"; an empty kind is refused.
Result<std::string> mpiKindName(const std::string& kind);

// One trial per SPEC, each checked (core/model/ranktree.h; a file's path made absolute), with
// base's command and session; at most kMaxSweepTrials, none empty.
Result<std::vector<MpiTrialSpec>> planMpiTrees(const std::vector<std::string>& trees,
                                               const record::MpiRecordRequest& base,
                                               const std::string& kind);

// The kind's run of the recording (on MPI_COMM_WORLD if it has one there) summed up; an error
// naming the kind and the runs stored when the program made no such call.
Result<TrialResult> mpiTrialResultOf(const MpiTrialSpec& spec,
                                     const record::MpiRecordingOutcome& outcome);

} // namespace xylem::tune
