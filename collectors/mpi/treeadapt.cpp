// The run-time tuner of the world's MPI_Allreduce tree (treeadapt.h): the candidates built at
// MPI_Init, the trial blocks timed and agreed on by one control collective each, and the switch
// every rank takes at the same call.

#include "collectors/mpi/treeadapt.h"

#include "collectors/mpi/interposer.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace xylem::mpi {

namespace {

std::int64_t nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// $name as an integer in [low, high]; fallback when unset; -1 when malformed or out of range.
long envInteger(const char* name, long fallback, long low, long high)
{
    const char* text = std::getenv(name);
    if (!text || !*text) {
        return fallback;
    }
    char* end = nullptr;
    const long value = std::strtol(text, &end, 10);
    return *end == '\0' && value >= low && value <= high ? value : -1;
}

TreePlace placeOf(const RankTree& t, int rank)
{
    const auto r = static_cast<std::size_t>(rank);
    TreePlace place{t.parent[r], t.children[r], {}, false};
    for (const int c : place.children) {
        place.crossing.push_back(t.crossesHost[static_cast<std::size_t>(c)]);
        place.anyCrossing = place.anyCrossing || place.crossing.back();
    }
    return place;
}

// XYLEM_MPI_ADAPT_SLOW=SPEC:US: (SPEC, US); US 0 when unset or malformed.
std::pair<std::string, long> slowCandidate()
{
    const char* text = std::getenv("XYLEM_MPI_ADAPT_SLOW");
    const char* colon = text ? std::strrchr(text, ':') : nullptr;
    if (!colon) {
        return {{}, 0};
    }
    char* end = nullptr;
    const long us = std::strtol(colon + 1, &end, 10);
    return {std::string(text, colon), *end == '\0' && us > 0 && us < 1000000 ? us : 0};
}

std::string micros(std::int64_t ns)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f us", static_cast<double>(ns) / 1000.0);
    return text;
}

} // namespace

TreeAdapt::TreeAdapt(std::vector<Candidate> candidates, int rank, int block, int rounds)
    : m_candidates(std::move(candidates))
    , m_rank(rank)
    , m_block(block)
    , m_schedule(m_candidates.size(), rounds)
{
    for (const Candidate& c : m_candidates) {
        m_record.candidates.push_back(c.spec);
    }
    m_record.block = block;
    m_record.rounds = rounds;
}

std::unique_ptr<TreeAdapt> TreeAdapt::start(int rank, const std::vector<std::string>& hosts,
                                            const std::vector<std::string>& clusters)
{
    const char* list = std::getenv("XYLEM_MPI_ADAPT");
    if (!list) {
        return nullptr;
    }
    std::string why;
    std::vector<Candidate> candidates;
    const long block = envInteger("XYLEM_MPI_ADAPT_BLOCK", 32, 1, 1 << 20);
    const long rounds = envInteger("XYLEM_MPI_ADAPT_ROUNDS", 2, 1, 100);
    const auto [slowSpec, slowUs] = slowCandidate();
    if (block < 0) {
        why = "XYLEM_MPI_ADAPT_BLOCK is not a count of calls from 1 to 1048576";
    } else if (rounds < 0) {
        why = "XYLEM_MPI_ADAPT_ROUNDS is not a count from 1 to 100";
    } else if (auto specs = parseTreeCandidates(list); !specs) {
        why = specs.error().describe();
    } else {
        for (const RankTreeSpec& spec : specs.value()) {
            Candidate c;
            c.spec = spec.text;
            c.native = spec.shape == RankTreeShape::Native;
            c.delayUs = rank == 0 && spec.text == slowSpec ? slowUs : 0;
            if (!c.native) {
                auto tree = buildRankTree(spec, hosts, clusters);
                if (!tree) {
                    why = "candidate '" + spec.text + "': " + tree.error().describe();
                    break;
                }
                c.place = placeOf(tree.value(), rank);
            }
            candidates.push_back(std::move(c));
        }
    }
    int ok = why.empty() ? 1 : 0;
    int allOk = 0;
    PMPI_Allreduce(&ok, &allOk, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!allOk) {
        if (!ok) {
            std::fprintf(stderr,
                         "xylem-mpi: rank %d: XYLEM_MPI_ADAPT: %s; the tree does not adapt\n", rank,
                         why.c_str());
        } else if (rank == 0) {
            std::fprintf(stderr,
                         "xylem-mpi: XYLEM_MPI_ADAPT '%s' is bad on another rank; the tree "
                         "does not adapt\n",
                         list);
        }
        return nullptr;
    }
    std::unique_ptr<TreeAdapt> self(new TreeAdapt(
        std::move(candidates), rank, static_cast<int>(block), static_cast<int>(rounds)));
    self->switchTo(0, false);
    return self;
}

void TreeAdapt::switchTo(std::size_t candidate, bool settle)
{
    m_current = candidate;
    m_record.switches.push_back(MpiTreeSwitch{m_calls, -1, m_candidates[candidate].spec, settle});
    m_seqPending = true;
}

int TreeAdapt::allreduce(TreeCollectives& tree, const void* sendbuf, void* recvbuf, int count,
                         MPI_Datatype type, MPI_Op op, MPI_Comm comm, MPI_Comm pc)
{
    if (m_seqPending) {
        // The world's next collective instance is this call's (recordhelpers.h: the seq is
        // taken after the call).
        if (RankRecorder* r = activeRank()) {
            if (const CommEntry* world = r->comms().find(MPI_COMM_WORLD)) {
                m_record.switches.back().seq = world->nextSeq;
            }
        }
        m_seqPending = false;
    }
    const Candidate& c = m_candidates[m_current];
    if (c.delayUs > 0) {
        const timespec pause{static_cast<time_t>(c.delayUs / 1'000'000),
                             static_cast<long>(c.delayUs % 1'000'000) * 1000};
        nanosleep(&pause, nullptr);
    }
    const std::int64_t begin = m_settled ? 0 : nowNs();
    const int rc =
        c.native ? PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm)
                 : tree.allreduceAlong(c.place, sendbuf, recvbuf, count, type, op, pc, m_settled);
    ++m_calls;
    if (!m_settled) {
        m_blockNs += nowNs() - begin;
        if (++m_inBlock == m_block) {
            endBlock(pc);
        }
    }
    return rc;
}

void TreeAdapt::endBlock(MPI_Comm pc)
{
    std::int64_t mine[3] = {m_blockNs, m_calls, -m_calls};
    std::int64_t most[3] = {0, 0, 0};
    PMPI_Allreduce(mine, most, 3, MPI_INT64_T, MPI_MAX, pc);
    if (most[1] != -most[2]) {
        ++m_record.disagreements;
    }
    Candidate& c = m_candidates[m_current];
    const std::int64_t mean = most[0] / m_block;
    m_record.blocks.push_back(MpiAdaptBlock{c.spec, m_calls - m_inBlock, mean});
    m_inBlock = 0;
    m_blockNs = 0;
    const AdaptSchedule::Step step = m_schedule.blockEnded(m_current, mean);
    if (step.settle) {
        m_settled = true;
        m_record.settled = m_candidates[step.candidate].spec;
        switchTo(step.candidate, true);
    } else if (step.candidate != m_current) {
        switchTo(step.candidate, false);
    }
}

void TreeAdapt::say(std::FILE* out) const
{
    for (const MpiAdaptBlock& b : m_record.blocks) {
        std::fprintf(out, "xylem-mpi: adapt: calls %lld-%lld through %s: %s per call\n",
                     static_cast<long long>(b.firstCall),
                     static_cast<long long>(b.firstCall + m_block - 1), b.tree.c_str(),
                     micros(b.meanNs).c_str());
    }
    if (!m_settled) {
        std::fprintf(out,
                     "xylem-mpi: adapt: the program ended in the trials (%lld of %lld blocks "
                     "of %d calls); no tree settled on\n",
                     static_cast<long long>(m_schedule.blocksDone()),
                     static_cast<long long>(m_schedule.trialBlocks()), m_block);
    } else {
        const Candidate& chosen = m_candidates[m_current];
        std::string others;
        for (std::size_t k = 0; k < m_candidates.size(); ++k) {
            if (k != m_current) {
                others += (others.empty() ? "" : ", ") + m_candidates[k].spec + " " +
                          micros(m_schedule.bestNs(k));
            }
        }
        const MpiTreeSwitch& s = m_record.switches.back();
        std::fprintf(out, "xylem-mpi: adapt: call %lld: switched to %s (best block mean %s%s%s)\n",
                     static_cast<long long>(s.call), chosen.spec.c_str(),
                     micros(m_schedule.bestNs(m_current)).c_str(), others.empty() ? "" : " vs ",
                     others.c_str());
    }
    if (m_record.disagreements > 0) {
        std::fprintf(out,
                     "xylem-mpi: adapt: %lld control collectives found the ranks at different "
                     "calls\n",
                     static_cast<long long>(m_record.disagreements));
    }
}

} // namespace xylem::mpi
