#include "app/cli/mpisummary.h"

#include "app/cli/durationformat.h"

#include <array>
#include <sstream>
#include <vector>

namespace xylem::cli {

void printMpiSummary(std::ostream& out, const MpiTrace& trace, const MpiSummary& summary,
                     const std::string& session, const std::vector<StoredMpiRun>& runs)
{
    std::array<std::int64_t, kMpiCallCount> counts{};
    for (const MpiEvent& e : trace.events) {
        ++counts[static_cast<size_t>(e.call)];
    }
    out << "mpi: the program " << summary.programExit << "; " << trace.ranks.size() << " ranks, "
        << trace.communicators.size() << " communicators, " << trace.events.size()
        << " MPI calls\n";
    for (int c = 0; c < kMpiCallCount; ++c) {
        if (counts[static_cast<size_t>(c)] > 0) {
            out << "  " << mpiCallName(static_cast<MpiCall>(c)) << ": "
                << counts[static_cast<size_t>(c)] << "\n";
        }
    }
    if (!summary.complete) {
        out << "mpi: the program did not reach MPI_Finalize: clock samples and communicators made "
               "later are missing\n";
    }
    if (summary.unmatchedDetails > 0) {
        out << "mpi: " << summary.unmatchedDetails
            << " calls were lost to full rings (raise --ring-capacity)\n";
    }
    out << "mpi: stored as run " << runs.front().id << " of " << session;
    if (runs.size() == 1 && runs.front().label.empty()) {
        out << " (no complete collective that synchronizes every member)\n";
        return;
    }
    out << (runs.size() > 1 ? " and more, one run per collective kind:\n" : ":\n");
    for (const StoredMpiRun& r : runs) {
        out << "  run " << r.id << ": " << r.label << ", " << r.calls << " calls, "
            << formatDuration(static_cast<double>(r.timeNs)) << "\n";
    }
    out << "  rooted collectives (Bcast, Reduce, ...) are in the MPI data of every run: "
           "xylem-cli analyze " << session << " --kind bcast\n";
}

void printProgramOutput(std::ostream& err, const MpiSummary& summary)
{
    std::vector<std::string> lines;
    std::istringstream in(summary.programOutput);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    err << "mpi: the program's output" << (lines.size() > 40 ? " (its end)" : "") << ":\n";
    for (size_t i = lines.size() > 40 ? lines.size() - 40 : 0; i < lines.size(); ++i) {
        err << "  | " << lines[i] << "\n";
    }
}

} // namespace xylem::cli
