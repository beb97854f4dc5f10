#include "app/cli/command.h"
#include "app/cli/durationformat.h"
#include "app/cli/otf2commands.h"
#include "app/cli/progressline.h"
#include "app/cli/runloader.h"
#include "core/store/progress.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"

namespace xylem::cli {

int runImport(const Args& args, std::ostream& out, std::ostream& err)
{
    if (!args.empty() && isOtf2Anchor(args.front())) {
        return runImportOtf2(args.front(), Args(args.begin() + 1, args.end()), out, err);
    }
    static const CommandSpec spec{
        "import",
        "usage: xylem-cli import --tree F.tree.json --trace F.trace.csv [--tree G --trace G ...]\n"
        "                        [--name NAME ...] [--notes TEXT] -o|--session S.xylem\n"
        "       xylem-cli import S.xylem --tree F.tree.json --trace F.trace.csv ...\n"
        "       adds one run per --tree/--trace pair to the session (created if missing)\n"
        "       xylem-cli import ARCHIVE.otf2 -o|--session S.xylem [--name NAME] [--notes TEXT]\n"
        "       adds an OTF2 trace's MPI run (Score-P, or xylem-cli export --otf2)\n",
        {valueOption("tree", "a run's configuration (xylem-tree/1); one per run", {},
                     existingFile(), "F.tree.json"),
         valueOption("trace", "a run's tuples (trace CSV); one per --tree, in order", {},
                     existingFile(), "F.trace.csv"),
         valueOption("name", "a run's name; one per run, or none", {}, {}, "NAME"),
         valueOption("notes", "notes stored with every imported run", "none", {}, "TEXT"),
         valueOption("o", "the session file to add the runs to, created if missing", {}, {},
                     "S.xylem"),
         sessionOption(false)},
        true};
    return runCommand(
        spec, args, out, err, [](const Arguments& a, std::ostream& o, std::ostream&) -> Result<Ok> {
            const auto& trees = a.all("tree");
            const auto& traces = a.all("trace");
            const auto& names = a.all("name");
            if (trees.empty() || trees.size() != traces.size()) {
                return makeError(ErrorCode::InvalidArgument, "give one --trace for every --tree");
            }
            if (!names.empty() && names.size() != trees.size()) {
                return makeError(ErrorCode::InvalidArgument,
                                 "give one --name for every run, or none");
            }
            if (a.has("o") == a.has("session")) {
                return makeError(ErrorCode::InvalidArgument,
                                 "name the session file once, with -o or --session");
            }
            XYLEM_TRY(path, a.one(a.has("o") ? "o" : "session"));
            XYLEM_TRY(notes, a.oneOr("notes", ""));
            // Read every input first: a bad file leaves the session untouched.
            std::vector<Run> runs;
            for (size_t i = 0; i < trees.size(); ++i) {
                XYLEM_TRY(run, loadRun(trees[i], traces[i]));
                runs.push_back(std::move(run).value());
            }
            XYLEM_TRY(session, store::Session::openOrCreate(path.value()));
            for (size_t i = 0; i < runs.size(); ++i) {
                const store::RunMetadata meta{names.empty() ? "" : names[i], "",
                                              "import: " + traces[i], "", notes.value()};
                XYLEM_TRY(id,
                          store::importRun(session.value(), runs[i].configuration, runs[i].tuples,
                                           meta, progressOnStderr("import", "tuples")));
                XYLEM_TRY(info, store::runInfo(session.value(), id.value()));
                o << path.value() << ": run " << id.value() << " \"" << info->metadata.name
                  << "\": " << info->tuples << " tuples, " << info->calls << " calls, "
                  << info->incompleteCalls << " incomplete\n";
            }
            return Ok{};
        });
}

} // namespace xylem::cli
