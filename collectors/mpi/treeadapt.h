#pragma once

// The tuner that picks the tree of the program's MPI_Allreduce on MPI_COMM_WORLD while it runs
// (issue 24 item 4; `xylem-cli mpi --tree SPEC --adapt LIST`, XYLEM_MPI_ADAPT=LIST): the
// program speeds up while it is being recorded, and its results stay right.
//
// Trials: the candidates (core/model/mpitracejson.h parseTreeCandidates: tree SPECs, "native"
// for MPI's own) take turns, one block of B calls each (XYLEM_MPI_ADAPT_BLOCK, default 32), R
// rounds (XYLEM_MPI_ADAPT_ROUNDS, default 2): candidate k runs the blocks j with j % n == k.
// A rank's block time is the sum of its calls' own durations (the program's work between calls
// is not in it). At the end of a block every rank adds one small control collective on the
// tree's private communicator: PMPI_Allreduce(MPI_MAX) of {its block time, its call count,
// -its call count}. Every rank so gets the same slowest-rank block time and takes the same
// decision from it, with no broadcast: all ranks switch at the same call (the call counts' max
// and -min agree, else the disagreement is counted and said; they cannot differ in a correct
// MPI program, whose ranks call the world's collectives in the same order); it runs inside the
// block's last call, whose recorded time includes it. After the last trial block every rank
// settles on the candidate with the lowest best block mean (the first of equals) and keeps it
// to the end: no control collective any more, one counter per call.
//
// Why no re-check after settling: the run stored from the recording holds one tree per
// communicator and kind (core/model/mpitreerun.h: a rank with two parents is refused), so the
// tree edges are recorded only for the settled tree's calls; the trial calls are in the trace
// as calls without edges, like MPI's own (the tree run leaves them out). A second switch would
// make a second tree.
//
// Only MPI_Allreduce on MPI_COMM_WORLD itself goes through the tuner, with the predefined ops
// and named types the tree takes (treecollectives.h: the rest falls back as before and is not
// counted); its duplicates, Reduce, Bcast and Barrier keep the tree of XYLEM_MPI_TREE.
//
// Test knob (real delay in the real path): XYLEM_MPI_ADAPT_SLOW=SPEC:US makes rank 0 sleep US
// microseconds before each call through candidate SPEC (its last ':' separates), a planted slow
// tree the tuner must not settle on.
//
// Rank 0 says the blocks and the switches on stderr at MPI_Finalize; the run's description
// (MpiTreeInfo::adapt) keeps them.

#include "collectors/mpi/treecollectives.h"
#include "core/model/adaptschedule.h"
#include "core/model/mpitracejson.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <mpi.h>
#include <string>
#include <vector>

namespace xylem::mpi {

class TreeAdapt
{
public:
    // After the tree collectives started (collective over MPI_COMM_WORLD when XYLEM_MPI_ADAPT is
    // set): nullptr when it is unset, or when a candidate is bad or has no tree on any rank
    // (rank 0 says why on stderr; the world's Allreduce then keeps XYLEM_MPI_TREE's tree).
    static std::unique_ptr<TreeAdapt> start(int rank, const std::vector<std::string>& hosts,
                                            const std::vector<std::string>& clusters);

    // The world's MPI_Allreduce through the current candidate; pc is the world's private
    // duplicate (tree messages and the control collective).
    int allreduce(TreeCollectives& tree, const void* sendbuf, void* recvbuf, int count,
                  MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Comm pc);

    // What it did, for the run's description.
    const MpiTreeAdapt& record() const { return m_record; }
    // Rank 0's lines at MPI_Finalize: one per trial block and the settling switch.
    void say(std::FILE* out) const;

private:
    struct Candidate
    {
        std::string spec;
        bool native = false;
        TreePlace place;          // this rank's place in the candidate's tree (not native)
        std::int64_t delayUs = 0; // XYLEM_MPI_ADAPT_SLOW, at rank 0
    };

    TreeAdapt(std::vector<Candidate> candidates, int rank, int block, int rounds);
    void switchTo(std::size_t candidate, bool settle);
    void endBlock(MPI_Comm pc);

    std::vector<Candidate> m_candidates;
    int m_rank = 0;
    int m_block = 32;
    AdaptSchedule m_schedule;
    std::size_t m_current = 0;
    bool m_settled = false;
    bool m_seqPending = false; // the last switch's seq is taken at its first call
    std::int64_t m_calls = 0;
    std::int64_t m_inBlock = 0;
    std::int64_t m_blockNs = 0;
    MpiTreeAdapt m_record;
};

} // namespace xylem::mpi
