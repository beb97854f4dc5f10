#include "app/cli/otf2commands.h"

#include "app/cli/command.h"
#include "core/record/mpistoring.h"
#include "app/cli/sessioninput.h"
#include "core/model/mpiruns.h"
#include "core/otf2/otf2export.h"
#include "core/otf2/otf2import.h"
#include "core/otf2/otf2importruns.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/runwriter.h"

namespace xylem::cli {

bool isOtf2Anchor(const std::string& word)
{
    return word.size() > 5 && word.compare(word.size() - 5, 5, ".otf2") == 0;
}

namespace {

// An MPI archive: one run per (communicator, collective kind), each with every MPI event.
Result<Ok> importMpiRun(const std::string& anchor, const std::string& path,
                        const store::RunMetadata& base, std::ostream& o)
{
    XYLEM_TRY(trace, otf2::importOtf2(anchor));
    XYLEM_TRY(model, record::correctClocks(trace.value()));
    XYLEM_TRY(session, store::Session::openOrCreate(path));
    store::RunMetadata meta = base;
    meta.clock = "corrected to host " + model->referenceHost();
    XYLEM_TRY(runs, record::storeMpiRuns(session.value(), trace.value(), model.value(), meta,
                                 RunShape::Flat));
    for (const record::StoredMpiRun& r : runs.value()) {
        XYLEM_TRY(info, store::runInfo(session.value(), r.id));
        o << path << ": run " << r.id << " \"" << info->metadata.name
          << "\": " << trace->ranks.size() << " ranks, " << trace->events.size() << " MPI events, "
          << info->calls << (r.label.empty() ? " MPI_COMM_WORLD collectives" : " calls") << ", "
          << info->incompleteCalls << " incomplete\n";
    }
    return Ok{};
}

// Runs that xylem-cli export --otf2 wrote as collector regions: each comes back as it was.
Result<Ok> importCollectorRuns(const std::string& anchor, const std::string& path,
                               const store::RunMetadata& meta, std::ostream& o)
{
    XYLEM_TRY(runs, otf2::importOtf2Runs(anchor));
    XYLEM_TRY(session, store::Session::openOrCreate(path));
    for (const Run& run : runs.value()) {
        XYLEM_TRY(id, store::importRun(session.value(), run.configuration, run.tuples, meta));
        XYLEM_TRY(info, store::runInfo(session.value(), id.value()));
        o << path << ": run " << id.value() << " \"" << info->metadata.name
          << "\": " << info->tuples << " tuples, " << info->calls << " calls, "
          << info->incompleteCalls << " incomplete\n";
    }
    return Ok{};
}

} // namespace

int runImportOtf2(const std::string& anchor, const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "import",
        "usage: xylem-cli import ARCHIVE.otf2 [-o|--session] S.xylem [--name NAME] [--notes TEXT]\n"
        "       adds the archive's MPI run to the session (created if missing): a run per\n"
        "       communicator and collective kind, each with every MPI event and the clock\n"
        "       model; an archive of collector regions (export --otf2 of a run without MPI\n"
        "       data) gives its runs back as they were\n",
        {valueOption("name", "the run's name", {}, {}, "NAME"),
         valueOption("notes", "notes stored with the run", "none", {}, "TEXT"),
         valueOption("o", "the session file to add the run to, created if missing", {}, {},
                     "S.xylem"),
         sessionOption(false)},
        true};
    return runCommand(
        spec, args, out, err,
        [&anchor](const Arguments& a, std::ostream& o, std::ostream&) -> Result<Ok> {
            if (a.has("o") == a.has("session")) {
                return makeError(ErrorCode::InvalidArgument,
                                 "name the session file once, with -o or --session");
            }
            XYLEM_TRY(path, a.one(a.has("o") ? "o" : "session"));
            XYLEM_TRY(name, a.oneOr("name", ""));
            XYLEM_TRY(notes, a.oneOr("notes", ""));
            XYLEM_TRY(contents, otf2::otf2Contents(anchor));
            const store::RunMetadata meta{name.value(), "", "otf2: " + anchor, "", notes.value()};
            return contents.value() == otf2::Otf2Contents::Mpi
                       ? importMpiRun(anchor, path.value(), meta, o)
                       : importCollectorRuns(anchor, path.value(), meta, o);
        });
}

Result<Ok> exportRunOtf2(const std::string& sessionPath, std::optional<std::int64_t> run,
                         const std::string& directory, std::ostream& out, std::ostream& err)
{
    XYLEM_TRY(session, openSession(sessionPath, store::OpenMode::ReadOnly, err));
    XYLEM_TRY(id, store::resolveRun(session.value(), run));
    XYLEM_TRY(hasMpi, store::hasMpiTrace(session.value(), id.value()));
    if (hasMpi.value()) {
        // The run's tuples are derived from these collectives: the MPI data says it all.
        XYLEM_TRY(trace, store::mpiTrace(session.value(), id.value()));
        XYLEM_TRY(written, otf2::exportOtf2(trace.value(), {}, directory));
        out << otf2::anchorPath(directory) << ": run " << id.value() << ", " << trace->ranks.size()
            << " ranks, " << trace->events.size() << " MPI events\n";
        return Ok{};
    }
    XYLEM_TRY(loaded, store::loadRun(session.value(), id.value()));
    XYLEM_TRY(written,
              otf2::exportOtf2(MpiTrace{}, std::span<const Run>(&loaded.value(), 1), directory));
    out << otf2::anchorPath(directory) << ": run " << id.value() << ", " << loaded->tuples.size()
        << " tuples as collector regions\n";
    return Ok{};
}

} // namespace xylem::cli
