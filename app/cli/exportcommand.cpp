#include "app/cli/command.h"
#include "app/cli/otf2commands.h"
#include "app/cli/perfettoexport.h"
#include "app/cli/progressline.h"
#include "app/cli/sessioninput.h"
#include "app/cli/windowoptions.h"
#include "core/analysis/analyzer.h"
#include "core/analysis/reporttables.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "core/store/progress.h"
#include "core/store/runcatalog.h"
#include "core/store/runloader.h"
#include "core/store/storedclocks.h"
#include "core/store/storetables.h"

#include <fstream>

namespace xylem::cli {

namespace {

Result<Ok> writeFile(const std::string& path, const std::string& text)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file) {
        return makeError(ErrorCode::IoError, "cannot write the file", path);
    }
    file << text;
    file.flush();
    if (!file) {
        return makeError(ErrorCode::DiskFull, "writing failed (disk full?)", path);
    }
    return Ok{};
}

std::string tableNames()
{
    std::string names;
    for (auto n : store::storeTableNames()) {
        names += (names.empty() ? "" : ", ") + std::string(n);
    }
    for (auto n : reportTableNames()) {
        names += ", " + std::string(n);
    }
    return names;
}

// What a window (--skip-calls/--from/--to) cannot cut: the stored tables, kept as recorded, and
// the OTF2 and Perfetto exports of the whole run.
Error notInAWindow(const std::string& what)
{
    return makeError(ErrorCode::InvalidArgument,
                     "--skip-calls, --from and --to apply to --tree/--trace and to the analysis "
                     "tables, not to " +
                         what);
}

Result<Table> namedTable(store::Session& session, const std::string& name,
                         std::optional<std::int64_t> run, const CallWindow& window)
{
    for (auto n : store::storeTableNames()) {
        if (n == name) {
            if (!window.isWholeRun()) {
                return notInAWindow("the stored table " + name);
            }
            return store::storeTable(session, name, run);
        }
    }
    for (auto n : reportTableNames()) {
        if (n == name) {
            XYLEM_TRY(id, store::resolveRun(session, run));
            XYLEM_TRY(report, analyzeStoredRunIn(session, id.value(), window, "export"));
            Table table;
            makeReportTable(report.value(), name, table);
            return table;
        }
    }
    return makeError(ErrorCode::InvalidArgument,
                     "no table '" + name + "'; tables: " + tableNames());
}

} // namespace

int runExport(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "export",
        "usage: xylem-cli export [--session] S.xylem [--run N] --tree OUT.tree.json --trace "
        "OUT.trace.csv\n"
        "       xylem-cli export --session S.xylem [--run N] --table NAME [--output OUT.csv]\n"
        "       xylem-cli export --session S.xylem [--run N] --otf2 NEWDIR\n"
        "         (the run's MPI data, or else its tuples as collector regions, for Vampir)\n"
        "       xylem-cli export --session S.xylem [--run N] --perfetto OUT.json\n"
        "         (Chrome trace events for ui.perfetto.dev: calls, stages, MPI wait states)\n"
        "       tables: runs, calls, summary, system_samples, clock_models, scopes (stored);\n"
        "               threads, contributors, wrappers, hotspots, timemap, classes (analysis)\n"
        "       [--skip-calls N] [--from #S|TIME] [--to #S|TIME]: only the calls of a window\n"
        "         (--tree/--trace and the analysis tables)\n",
        withWindowOptions(
            {sessionOption(), runOption(),
             valueOption("tree", "write the run's configuration (xylem-tree/1) to this file", {},
                         {}, "OUT.tree.json"),
             valueOption("trace", "write the run's tuples (trace CSV) to this file", {}, {},
                         "OUT.trace.csv"),
             valueOption("table", "print one table of the run as CSV (tables: above)", {}, {},
                         "NAME"),
             valueOption("output", "write --table's CSV to this file", "standard output", {},
                         "OUT.csv"),
             valueOption("otf2", "write the run as an OTF2 archive into this new folder", {}, {},
                         "NEWDIR"),
             valueOption("perfetto", "write the run as Chrome trace events (ui.perfetto.dev)", {},
                         {}, "OUT.json")}),
        true};
    return runCommand(
        spec, args, out, err,
        [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
            XYLEM_TRY(path, a.one("session"));
            XYLEM_TRY(run, a.optionalId("run"));
            XYLEM_TRY(window, windowFromArguments(a));
            const bool windowed = !window->isWholeRun();
            if (windowed && (a.has("otf2") || a.has("perfetto"))) {
                return notInAWindow(a.has("otf2") ? "--otf2" : "--perfetto");
            }
            if (a.has("otf2")) {
                XYLEM_TRY(directory, a.one("otf2"));
                return exportRunOtf2(path.value(), run.value(), directory.value(), o, e);
            }
            if (a.has("perfetto")) {
                XYLEM_TRY(file, a.one("perfetto"));
                return exportRunPerfetto(path.value(), run.value(), file.value(), o, e);
            }
            XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, e));
            if (a.has("table")) {
                XYLEM_TRY(name, a.one("table"));
                XYLEM_TRY(table,
                          namedTable(session.value(), name.value(), run.value(), window.value()));
                if (!a.has("output")) {
                    o << toCsv(table.value());
                    return Ok{};
                }
                XYLEM_TRY(output, a.one("output"));
                return writeFile(output.value(), toCsv(table.value()));
            }
            if (!a.has("tree") || !a.has("trace")) {
                return makeError(ErrorCode::InvalidArgument, "give --tree and --trace, or --table");
            }
            XYLEM_TRY(treePath, a.one("tree"));
            XYLEM_TRY(tracePath, a.one("trace"));
            XYLEM_TRY(id, store::resolveRun(session.value(), run.value()));
            XYLEM_TRY(loaded, store::loadRun(session.value(), id.value(),
                                             progressOnStderr("export", "tuples read")));
            if (windowed) {
                XYLEM_TRY(cut, cutToWindow(loaded->tuples, window.value()));
                loaded->tuples = std::move(cut->tuples);
            }
            XYLEM_TRY(treeWritten,
                      writeFile(treePath.value(), configurationToJson(loaded->configuration)));
            return writeFile(tracePath.value(), traceToCsv(loaded->tuples, loaded->configuration));
        });
}

} // namespace xylem::cli
