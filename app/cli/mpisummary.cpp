#include "app/cli/mpisummary.h"

#include "app/cli/durationformat.h"

#include <array>
#include <set>
#include <tuple>

namespace xylem::cli {

void printMpiSummary(std::ostream& out, const MpiTrace& trace, const MpiSummary& summary,
                     const std::string& session, const std::vector<StoredMpiRun>& runs)
{
    // Calls, not events: a Waitall that finished three requests is three events of one call
    // (mpitrace.h), which share rank, call, enter and exit.
    std::array<std::int64_t, kMpiCallCount> counts{};
    std::set<std::tuple<std::int32_t, MpiCall, std::int64_t, std::int64_t>> several;
    std::int64_t calls = 0;
    for (const MpiEvent& e : trace.events) {
        if (e.completes == MpiCompletion::None ||
            several.insert({e.rank, e.call, e.enter, e.exit}).second) {
            ++counts[static_cast<size_t>(e.call)];
            ++calls;
        }
    }
    out << "mpi: the program " << summary.programExit << "; " << trace.ranks.size() << " ranks, "
        << trace.communicators.size() << " communicators, " << calls << " MPI calls\n";
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
        out << "  run " << r.id << ": " << r.label << ", " << r.calls
            << (r.calls == 1 ? " call, " : " calls, ")
            << formatDuration(static_cast<double>(r.timeNs)) << "\n";
    }
    out << "  rooted collectives (Bcast, Reduce, ...) are in the MPI data of every run: "
           "xylem-cli analyze "
        << session << " --kind bcast\n";
}

} // namespace xylem::cli
