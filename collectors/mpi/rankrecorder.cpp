#include "collectors/mpi/rankrecorder.h"

#include "collectors/mpi/clockpingpong.h"
#include "collectors/mpi/rundescription.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace xylem::mpi {

namespace {

constexpr int kNameBytes = 128;

std::string environment(const char* name)
{
    const char* value = std::getenv(name);
    return value ? value : "";
}

} // namespace

std::string rankHostName()
{
    if (std::string host = environment("XYLEM_MPI_HOST"); !host.empty()) {
        return host;
    }
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int length = 0;
    PMPI_Get_processor_name(name, &length);
    return std::string(name, static_cast<size_t>(length));
}

RankRecorder::RankRecorder(probe::ThreadRecorder recorder, int rank, int size)
    : m_recorder(std::move(recorder))
    , m_rank(rank)
    , m_size(size)
    , m_handleScratch(kScratchReserved)
    , m_statusScratch(kScratchReserved)
{
    m_comms.start(size);
}

std::unique_ptr<RankRecorder> RankRecorder::start()
{
    int rank = 0;
    int size = 1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    probe::Probe probe(probe::ProbeOptions::fromEnvironment());
    auto ring = probe.attachThread("rank " + std::to_string(rank));
    if (!ring) {
        std::fprintf(stderr, "xylem-mpi: rank %d is not recorded: %s\n", rank,
                     ring.error().describe().c_str());
    }
    // The exchanges below are collective: either every rank records or none does.
    int made = ring ? 1 : 0;
    int allMade = 0;
    PMPI_Allreduce(&made, &allMade, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (made && !allMade) {
        std::fprintf(stderr, "xylem-mpi: rank %d is not recorded: another rank has no ring\n",
                     rank);
    }
    std::unique_ptr<RankRecorder> self(
        allMade ? new RankRecorder(std::move(ring).value(), rank, size) : nullptr);
    if (self) {
        self->exchangeHosts();
        self->m_samples = measureClocks(self->m_ranks, rank);
        self->writeDescription(false);
    }
    return self;
}

void RankRecorder::exchangeHosts()
{
    std::vector<char> mine(2 * kNameBytes, '\0');
    const std::string host = rankHostName();
    const std::string cluster = environment("XYLEM_MPI_CLUSTER");
    std::strncpy(mine.data(), host.c_str(), kNameBytes - 1);
    std::strncpy(mine.data() + kNameBytes, cluster.c_str(), kNameBytes - 1);
    std::vector<char> all(static_cast<size_t>(m_size) * 2 * kNameBytes);
    PMPI_Allgather(mine.data(), 2 * kNameBytes, MPI_CHAR, all.data(), 2 * kNameBytes, MPI_CHAR,
                   MPI_COMM_WORLD);
    for (int r = 0; r < m_size; ++r) {
        const char* at = all.data() + static_cast<size_t>(r) * 2 * kNameBytes;
        m_ranks.push_back(MpiRank{r, std::string(at), std::string(at + kNameBytes)});
    }
}

void RankRecorder::finish()
{
    if (const std::int64_t lost = m_requests.dropped(); lost > 0) {
        std::fprintf(stderr,
                     "xylem-mpi: rank %d: %lld requests were not tracked (more than %zu "
                     "outstanding, or a Wait/Test of more than %d): their completions are "
                     "recorded as not attributed\n",
                     m_rank, static_cast<long long>(lost),
                     RequestTable<MPI_Request, TrackedRequest, kTrackedRequests>::kLimit,
                     kScratchMax);
    }
    const auto end = measureClocks(m_ranks, m_rank);
    m_samples.insert(m_samples.end(), end.begin(), end.end());
    writeDescription(true);
}

void RankRecorder::writeDescription(bool complete)
{
    const std::string folder = environment("XYLEM_MPI_OUT");
    auto gathered = gatherDescription(m_ranks, m_comms.entries(), m_samples, m_rank, complete);
    if (m_rank != 0 || folder.empty() || !gathered) {
        return;
    }
    gathered->tree = m_tree;
    if (auto written = writeDescriptionFile(folder, *gathered); !written) {
        std::fprintf(stderr, "xylem-mpi: %s\n", written.error().describe().c_str());
    }
}

MPI_Request* RankRecorder::handleScratch(int count) noexcept
{
    if (count > kScratchMax) {
        return nullptr;
    }
    try {
        if (m_handleScratch.size() < static_cast<size_t>(count)) {
            m_handleScratch.resize(static_cast<size_t>(count));
        }
    } catch (...) {
        return nullptr;
    }
    return m_handleScratch.data();
}

MPI_Status* RankRecorder::statusScratch(int count) noexcept
{
    if (count > kScratchMax) {
        return nullptr;
    }
    try {
        if (m_statusScratch.size() < static_cast<size_t>(count)) {
            m_statusScratch.resize(static_cast<size_t>(count));
        }
    } catch (...) {
        return nullptr;
    }
    return m_statusScratch.data();
}

} // namespace xylem::mpi
