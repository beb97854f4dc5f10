#include "app/cli/mpisummary.h"

#include "app/cli/durationformat.h"

namespace xylem::cli {

void printMpiSummary(std::ostream& out, const record::MpiRecordingOutcome& o)
{
    out << "mpi: the program " << o.programExit << "; " << o.ranks << " ranks, " << o.communicators
        << " communicators, " << o.calls << " MPI calls\n";
    for (int c = 0; c < kMpiCallCount; ++c) {
        if (const std::int64_t n = o.callsByKind[static_cast<size_t>(c)]; n > 0) {
            out << "  " << mpiCallName(static_cast<MpiCall>(c)) << ": " << n << "\n";
        }
    }
    if (!o.complete) {
        out << "mpi: the program did not reach MPI_Finalize: clock samples and communicators made "
               "later are missing\n";
    }
    if (o.unmatchedDetails > 0) {
        out << "mpi: " << o.unmatchedDetails
            << " calls were lost to full rings (raise --ring-capacity)\n";
    }
    const std::string& session = o.sessionPath;
    out << "mpi: stored as run " << o.runs.front().id << " of " << session;
    if (o.runs.size() == 1 && o.runs.front().label.empty()) {
        out << " (no complete collective that synchronizes every member)\n";
        return;
    }
    out << (o.runs.size() > 1 ? " and more, one run per collective kind:\n" : ":\n");
    for (const record::StoredMpiRun& r : o.runs) {
        out << "  run " << r.id << ": " << r.label << ", " << r.calls
            << (r.calls == 1 ? " call, " : " calls, ")
            << formatDuration(static_cast<double>(r.timeNs)) << "\n";
    }
    out << "  rooted collectives (Bcast, Reduce, ...) are in the MPI data of every run: "
           "xylem-cli analyze "
        << session << " --kind bcast\n";
}

} // namespace xylem::cli
