#pragma once

// One thread's side of `xylem-gsum --adapt` (adaptiveruntime.h): which candidate tree its next
// call goes through, the trial blocks timed, and the decision every thread of the run takes
// alike from the block's control collective. The MPI interposer's tuner
// (collectors/mpi/treeadapt.h) in the runtime's own terms, with its record
// (core/model/mpitracejson.h MpiTreeAdapt) and its words.
//
// Trials: the candidates take turns, one block of B calls each, R rounds: candidate k runs the
// blocks j with j % n == k. A thread's block time is the sum of its calls' own durations. At the
// end of a block every thread adds one control allreduce through the block's tree (the
// runtime's allreduce sums): {its block time, its call count, the count squared, 1}. Every
// thread so gets the same sums, the same mean block time over the threads, and takes the same
// decision from them with no broadcast: every thread switches at the same call. The counts say
// whether the threads were at the same call (sum of squares = n times the square of the mean;
// they cannot differ, as every thread calls in the same order) else the disagreement is
// counted. After the last trial block every thread settles on the candidate with the lowest
// best block mean (the first of equals) and keeps it to the end: one counter per call.
//
// The settle call is known before the run starts (n * R * B): the recorded run holds the
// settled tree's calls from there on, and nothing of the trials (RecordingSchedule::notBefore).

#include "collectors/allreduce/wrapper.h"
#include "core/model/adaptschedule.h"
#include "core/model/mpitracejson.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace xylem::allreduce {

class TreeTrials
{
public:
    // candidates: their names as the record says them (the start configuration first).
    TreeTrials(std::vector<std::string> candidates, int block, int rounds);

    std::size_t current() const { return m_current; }
    bool settled() const { return m_settled; }
    // The first call through the settled tree: the end of the trials.
    std::int64_t settleCall() const;

    // One call through the current candidate took ns; true when it ended a block: the caller
    // then runs the control allreduce with controlPayload() and gives its sums to endBlock().
    bool called(std::int64_t ns);
    Payload controlPayload() const;
    // Trial blocks ended so far (the control allreduce's own call number).
    std::int64_t blocksDone() const { return m_schedule.blocksDone(); }
    void endBlock(const Payload& sums);

    const MpiTreeAdapt& record() const { return m_record; }

private:
    void switchTo(std::size_t candidate, bool settle);

    AdaptSchedule m_schedule;
    std::size_t m_current = 0;
    bool m_settled = false;
    std::int64_t m_calls = 0;
    std::int64_t m_inBlock = 0;
    std::int64_t m_blockNs = 0;
    MpiTreeAdapt m_record;
};

// The record in words, as xylem-gsum prints it and a run's notes keep it, in describeAdapt's
// words (core/model/mpitracejson.h): "gsum's allreduce adapted: best block means flat.json
// 2043.5 us, hierarchy.json 48.1 us per call (blocks of 32 calls, 2 rounds); switched to
// hierarchy.json at call 128: the run holds the calls from there on".
std::string describeGsumAdapt(const MpiTreeAdapt& adapt);

} // namespace xylem::allreduce
