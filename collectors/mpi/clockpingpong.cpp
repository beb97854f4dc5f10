#include "collectors/mpi/clockpingpong.h"

#include "core/model/tupleclock.h"

#include <algorithm>
#include <ctime>
#include <limits>
#include <map>
#include <mpi.h>

namespace xylem::mpi {

namespace {

constexpr int kTag = 32000; // on MPI_COMM_WORLD, before and after the program's own traffic

std::int64_t realtimeNs()
{
    return tupleClockNowNs(); // the clock the collector turns ring timestamps into
}

MpiClockSample measureAgainst(int reference, int exchanges)
{
    MpiClockSample best;
    best.roundTripNs = std::numeric_limits<std::int64_t>::max();
    for (int i = 0; i < exchanges; ++i) {
        std::int64_t remote = 0;
        const std::int64_t sent = realtimeNs();
        PMPI_Send(&sent, 1, MPI_INT64_T, reference, kTag, MPI_COMM_WORLD);
        PMPI_Recv(&remote, 1, MPI_INT64_T, reference, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        const std::int64_t received = realtimeNs();
        if (received - sent < best.roundTripNs) {
            best.roundTripNs = received - sent;
            best.localNs = sent + (received - sent) / 2;
            best.offsetNs = remote - best.localNs;
        }
    }
    return best;
}

void answer(int measured, int exchanges)
{
    for (int i = 0; i < exchanges; ++i) {
        std::int64_t ignored = 0;
        PMPI_Recv(&ignored, 1, MPI_INT64_T, measured, kTag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        const std::int64_t now = realtimeNs();
        PMPI_Send(&now, 1, MPI_INT64_T, measured, kTag, MPI_COMM_WORLD);
    }
}

} // namespace

std::vector<std::pair<int, int>> clockPairs(const std::vector<MpiRank>& ranks)
{
    std::map<std::string, int> hostMaster;
    std::map<std::string, int> clusterMaster;
    for (const MpiRank& r : ranks) {
        hostMaster.emplace(r.host, r.rank); // ranks come in order: the first is the lowest
        clusterMaster.emplace(r.cluster, r.rank);
    }
    std::vector<std::pair<int, int>> pairs;
    if (ranks.empty()) {
        return pairs;
    }
    const int root = hostMaster.at(ranks.front().host);
    for (const MpiRank& r : ranks) {
        if (hostMaster.at(r.host) != r.rank || r.rank == root) {
            continue;
        }
        // The lowest rank of a cluster is its host's master too: the cluster's master.
        const int master = clusterMaster.at(r.cluster);
        pairs.emplace_back(master == r.rank ? root : master, r.rank);
    }
    // Cluster masters first: their own references are measured before anyone relies on them.
    std::stable_sort(pairs.begin(), pairs.end(), [root](const auto& a, const auto& b) {
        return (a.first == root) > (b.first == root);
    });
    return pairs;
}

std::vector<MpiClockSample> measureClocks(const std::vector<MpiRank>& ranks, int myRank,
                                          int exchanges)
{
    std::vector<MpiClockSample> samples;
    const std::string& referenceHost = ranks.empty() ? std::string() : ranks.front().host;
    for (const auto& [reference, measured] : clockPairs(ranks)) {
        if (myRank == reference) {
            answer(measured, exchanges);
        } else if (myRank == measured) {
            MpiClockSample s = measureAgainst(reference, exchanges);
            s.host = ranks[static_cast<size_t>(measured)].host;
            const std::string& against = ranks[static_cast<size_t>(reference)].host;
            s.measuredAgainst = against == referenceHost ? "" : against;
            samples.push_back(s);
        }
    }
    return samples;
}

} // namespace xylem::mpi
