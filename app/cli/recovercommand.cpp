// xylem-cli recover and repair: putting a session's derived records right from its tuples.
// recover closes the runs a killed recording left open; repair rebuilds the per-call records,
// summaries and counts of finished runs (sessions written before the calls were assembled
// exactly, where a late collector lost calls). Both have the session to themselves: a recording
// still running is not taken for one cut off, nor made to wait on a long rebuild.

#include "app/cli/command.h"
#include "app/cli/sessioninput.h"
#include "core/store/repair.h"
#include "core/store/runcatalog.h"
#include "core/store/runwriter.h"

namespace xylem::cli {

namespace {

std::string runName(store::Session& session, std::int64_t run)
{
    auto info = store::runInfo(session, run);
    return info ? "\"" + info->metadata.name + "\"" : std::string();
}

void printRepair(std::ostream& o, const std::string& path, const std::string& name,
                 const store::RunRepair& r)
{
    o << path << ": run " << r.run << " " << name << ": ";
    if (!r.changed()) {
        o << r.calls << " calls, " << r.incomplete << " incomplete: unchanged\n";
        return;
    }
    o << r.callsBefore << " -> " << r.calls << " calls, " << r.incompleteBefore << " -> "
      << r.incomplete << " incomplete, rebuilt from " << r.tuples << " tuples\n";
}

} // namespace

int runRecover(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{"recover",
                                  "usage: xylem-cli recover [--session] S.xylem\n"
                                  "       keeps the committed tuples of runs whose recording was "
                                  "cut off, and summarises them\n",
                                  {sessionOption()},
                                  true};
    return runCommand(
        spec, args, out, err,
        [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
            XYLEM_TRY(path, a.one("session"));
            XYLEM_TRY(session, openSession(path.value(), store::OpenMode::Exclusive, e));
            XYLEM_TRY(runs, store::recoverInterruptedRuns(session.value()));
            if (runs->empty()) {
                o << path.value() << ": no interrupted runs\n";
            }
            for (const std::int64_t run : runs.value()) {
                XYLEM_TRY(info, store::runInfo(session.value(), run));
                o << path.value() << ": recovered run " << run << " \"" << info->metadata.name
                  << "\": " << info->tuples << " tuples, " << info->calls << " calls\n";
            }
            return Ok{};
        });
}

int runRepair(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "repair",
        "usage: xylem-cli repair [--session] S.xylem [--run N]\n"
        "       rebuilds the per-call records, summaries and call counts of finished runs from\n"
        "       their stored tuples (sessions written before they were exact); every run, or N\n",
        {sessionOption(),
         valueOption("run", "the run to repair", "every finished run", runId(), "N")},
        true};
    return runCommand(spec, args, out, err,
                      [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
                          XYLEM_TRY(path, a.one("session"));
                          XYLEM_TRY(run, a.optionalId("run"));
                          XYLEM_TRY(session,
                                    openSession(path.value(), store::OpenMode::Exclusive, e));
                          XYLEM_TRY(repaired, store::repairRuns(session.value(), run.value()));
                          if (repaired->empty()) {
                              o << path.value() << ": no finished runs\n";
                          }
                          for (const store::RunRepair& r : repaired.value()) {
                              printRepair(o, path.value(), runName(session.value(), r.run), r);
                          }
                          return Ok{};
                      });
}

} // namespace xylem::cli
