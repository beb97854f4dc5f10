#include "app/cli/clocklines.h"
#include "app/cli/command.h"
#include "app/cli/durationformat.h"
#include "app/cli/monitorsection.h"
#include "app/cli/nodetroubles.h"
#include "app/cli/sessioninput.h"
#include "app/cli/texttable.h"
#include "app/cli/treeswitchlines.h"
#include "core/analysis/clockmodeljson.h"
#include "core/store/attachments.h"
#include "core/store/mpitreeadapt.h"
#include "core/store/runcatalog.h"

#include <filesystem>
#include <nlohmann/json.hpp>

namespace xylem::cli {

namespace {

std::string span(const store::RunInfo& r)
{
    return r.firstNs ? formatDuration(static_cast<double>(*r.lastNs - *r.firstNs)) : "-";
}

nlohmann::ordered_json runJson(const store::RunInfo& r)
{
    nlohmann::ordered_json j{{"id", r.id},
                             {"name", r.metadata.name},
                             {"status", toString(r.status)},
                             {"recorded_at", r.metadata.recordedAt},
                             {"source", r.metadata.source},
                             {"clock", r.metadata.clock},
                             {"configuration", r.configurationName},
                             {"threads", r.threads},
                             {"tuples", r.tuples},
                             {"calls", r.calls},
                             {"incomplete_calls", r.incompleteCalls},
                             {"stored_bytes", r.storedBytes},
                             {"notes", r.metadata.notes}};
    j["first_ns"] =
        r.firstNs ? nlohmann::ordered_json(*r.firstNs) : nlohmann::ordered_json(nullptr);
    j["last_ns"] = r.lastNs ? nlohmann::ordered_json(*r.lastNs) : nlohmann::ordered_json(nullptr);
    return j;
}

// The run's stored accounting (a live recording's), or null: none, an older version, damaged.
nlohmann::json accountingOf(store::Session& session, std::int64_t run)
{
    auto stored = store::cachedResult(session, run, "scope-accounting", kAccountingVersion);
    if (!stored || !stored.value()) {
        return nullptr;
    }
    auto j = nlohmann::json::parse(**stored, nullptr, false);
    return j.is_object() ? j : nlohmann::json(nullptr);
}

// Lost and slow nodes of the runs recorded live: which, when, why, the last counts.
void printTroubles(store::Session& session, const std::vector<store::RunInfo>& runs,
                   std::ostream& out)
{
    for (const store::RunInfo& r : runs) {
        const auto accounting = accountingOf(session, r.id);
        if (accounting.is_null()) {
            continue;
        }
        for (const std::string& line :
             troubleLines(troublesFromJson(accounting),
                          accounting.value("troubles_not_listed", std::uint64_t{0}))) {
            out << "run " << r.id << ": " << line << '\n';
        }
    }
}

// The run's stored clock models (MPI runs, tree runs across hosts); empty when it has none. A
// model that does not parse is an error naming the host (core/analysis/clockmodeljson.h).
Result<std::vector<HostClock>> clocksOf(store::Session& session, std::int64_t run)
{
    XYLEM_TRY(records, store::clockModels(session, run));
    std::vector<HostClock> clocks;
    for (const store::ClockModelRecord& r : records.value()) {
        auto clock = parseClockModelJson(r.modelJson);
        if (!clock) {
            return makeError(clock.error().code,
                             "run " + std::to_string(run) + ", clock model of " + r.host + ": " +
                                 clock.error().message);
        }
        clocks.push_back(std::move(clock).value());
    }
    return clocks;
}

Result<Ok> printClocks(store::Session& session, const std::vector<store::RunInfo>& runs,
                       std::ostream& out)
{
    for (const store::RunInfo& r : runs) {
        XYLEM_TRY(clocks, clocksOf(session, r.id));
        for (const std::string& line : clockLines(clocks.value())) {
            out << "run " << r.id << ": " << line << '\n';
        }
    }
    return Ok{};
}

// Where --adapt's tuner switched the tree of an adapted MPI run, a line per switch.
Result<Ok> printTreeSwitches(store::Session& session, const std::vector<store::RunInfo>& runs,
                             std::ostream& out)
{
    for (const store::RunInfo& r : runs) {
        XYLEM_TRY(switches, store::mpiTreeSwitches(session, r.id));
        for (const std::string& line : treeSwitchLines(switches.value(), r.firstNs)) {
            out << "run " << r.id << ": " << line << '\n';
        }
    }
    return Ok{};
}

// The Monitors section, after everything else: each run's stored monitor results, if any.
void printMonitors(store::Session& session, const std::vector<store::RunInfo>& runs,
                   std::ostream& out)
{
    bool any = false;
    for (const store::RunInfo& r : runs) {
        const RunMonitors monitors = readRunMonitors(session, r.id);
        if (monitors.recorded()) {
            printRunMonitors(out, monitors);
            any = true;
        }
    }
    if (!any && !runs.empty()) {
        out << "Monitors: none recorded (a live recording stores them with its run)\n";
    }
}

} // namespace

int runInfo(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "info",
        "usage: xylem-cli info [--session] S.xylem [--json]\n"
        "       the session's runs: their names, sizes, clocks, nodes lost or slow and what\n"
        "       their monitors stored (gather rate, delay, load balance, statistics)\n",
        {sessionOption(), flagOption("json", "print the session's description as JSON")},
        true};
    return runCommand(
        spec, args, out, err,
        [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
            XYLEM_TRY(path, a.one("session"));
            XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, e));
            XYLEM_TRY(runs, store::listRuns(session.value()));
            std::error_code ec;
            const auto bytes = std::filesystem::file_size(path.value(), ec);
            if (a.has("json")) {
                nlohmann::ordered_json doc{{"path", path.value()},
                                           {"format_version", session->formatVersion()},
                                           {"file_bytes", ec ? 0 : bytes},
                                           {"runs", nlohmann::ordered_json::array()}};
                for (const store::RunInfo& r : runs.value()) {
                    doc["runs"].push_back(runJson(r));
                    const auto accounting = accountingOf(session.value(), r.id);
                    XYLEM_TRY(clocks, clocksOf(session.value(), r.id));
                    doc["runs"].back()["clocks"] = clocksJson(clocks.value());
                    for (const char* list : {"lost_nodes", "slow_nodes"}) {
                        doc["runs"].back()[list] = accounting.is_object()
                                                       ? accounting.value(list, nlohmann::json())
                                                       : nlohmann::json::array();
                    }
                    doc["runs"].back()["monitors"] =
                        runMonitorsJson(readRunMonitors(session.value(), r.id));
                    XYLEM_TRY(adapt, store::mpiTreeAdapt(session.value(), r.id));
                    XYLEM_TRY(switches, store::mpiTreeSwitches(session.value(), r.id));
                    if (adapt.value()) { // only an adapted run (mpi --adapt) has the key
                        doc["runs"].back()["adapt"] = treeAdaptJson(**adapt, switches.value());
                    }
                }
                o << doc.dump(1) << '\n';
                return Ok{};
            }
            o << path.value() << ": Xylem session, format " << session->formatVersion() << ", "
              << (ec ? std::string("?") : std::to_string(bytes)) << " bytes, " << runs->size()
              << " run" << (runs->size() == 1 ? "" : "s") << '\n';
            TextTable table({"run", "name", "status", "threads", "tuples", "calls", "incomplete",
                             "time span", "stored", "recorded at"});
            for (const store::RunInfo& r : runs.value()) {
                table.add({std::to_string(r.id), r.metadata.name, std::string(toString(r.status)),
                           std::to_string(r.threads), std::to_string(r.tuples),
                           std::to_string(r.calls), std::to_string(r.incompleteCalls), span(r),
                           std::to_string(r.storedBytes) + " B", r.metadata.recordedAt});
            }
            table.print(o);
            printTroubles(session.value(), runs.value(), o);
            XYLEM_TRY(clocks, printClocks(session.value(), runs.value(), o));
            XYLEM_TRY(switched, printTreeSwitches(session.value(), runs.value(), o));
            printMonitors(session.value(), runs.value(), o);
            return Ok{};
        });
}

} // namespace xylem::cli
