#include "collectors/mpi/rundescription.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mpi.h>
#include <set>

namespace xylem::mpi {

namespace {

std::string nameOf(std::int32_t id)
{
    return id == 0 ? "MPI_COMM_WORLD" : "comm " + std::to_string(id);
}

std::string partOf(const std::vector<MpiRank>& ranks, const std::vector<CommEntry>& comms,
                   const std::vector<MpiClockSample>& samples)
{
    MpiRunInfo part;
    part.trace.ranks = ranks;
    part.trace.referenceHost = ranks.empty() ? "" : ranks.front().host;
    for (const CommEntry& c : comms) {
        part.trace.communicators.push_back(MpiCommunicator{c.id, nameOf(c.id), c.worldRanks});
    }
    part.trace.clockSamples = samples;
    return mpiRunInfoToJson(part);
}

void merge(MpiRunInfo& into, const MpiRunInfo& part, std::set<std::int32_t>& seen)
{
    for (const MpiCommunicator& c : part.trace.communicators) {
        if (seen.insert(c.id).second) {
            into.trace.communicators.push_back(c);
        }
    }
    into.trace.clockSamples.insert(into.trace.clockSamples.end(), part.trace.clockSamples.begin(),
                                   part.trace.clockSamples.end());
}

} // namespace

std::optional<MpiRunInfo> gatherDescription(const std::vector<MpiRank>& ranks,
                                            const std::vector<CommEntry>& comms,
                                            const std::vector<MpiClockSample>& samples, int myRank,
                                            bool complete)
{
    const std::string mine = partOf(ranks, comms, samples);
    int length = static_cast<int>(mine.size());
    const int size = static_cast<int>(ranks.size());
    std::vector<int> lengths(myRank == 0 ? static_cast<size_t>(size) : 0);
    PMPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> offsets(lengths.size());
    int total = 0;
    for (size_t i = 0; i < lengths.size(); ++i) {
        offsets[i] = total;
        total += lengths[i];
    }
    std::string all(static_cast<size_t>(total), '\0');
    PMPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(),
                 MPI_CHAR, 0, MPI_COMM_WORLD);
    if (myRank != 0) {
        return std::nullopt;
    }
    MpiRunInfo info;
    info.complete = complete;
    info.trace.ranks = ranks;
    info.trace.referenceHost = ranks.empty() ? "" : ranks.front().host;
    std::set<std::int32_t> seen;
    for (size_t i = 0; i < lengths.size(); ++i) {
        const auto part = mpiRunInfoFromJson(
            all.substr(static_cast<size_t>(offsets[i]), static_cast<size_t>(lengths[i])));
        if (part) {
            merge(info, part.value(), seen);
        }
    }
    return info;
}

Result<Ok> writeDescriptionFile(const std::string& folder, const MpiRunInfo& info)
{
    const std::string path = folder + "/mpi-run.json";
    const std::string temporary = path + ".part";
    // On another machine than xylem-cli's the folder is not there yet (no shared /tmp): made
    // here, for xylem-cli to fetch the file from through its launcher.
    std::error_code ec;
    if (std::filesystem::create_directories(folder, ec); !ec) {
        std::filesystem::permissions(folder, std::filesystem::perms::owner_all, ec);
    }
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << mpiRunInfoToJson(info);
        if (!out.flush()) {
            return makeError(ErrorCode::IoError, "cannot write the run's description", temporary);
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        return makeError(ErrorCode::IoError, "cannot rename the run's description into place",
                         path);
    }
    return Ok{};
}

} // namespace xylem::mpi
