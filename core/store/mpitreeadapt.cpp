#include "core/store/mpitreeadapt.h"

#include <limits>
#include <string>

namespace xylem::store {

namespace {

// Any error met while reading or writing the record, phrased with the run and the file.
Error aboutRun(Error error, std::int64_t run, const Session& session)
{
    error.message = "run " + std::to_string(run) + ": " + error.message;
    if (error.where.empty()) {
        error.where = session.path();
    }
    return error;
}

// The candidates as XYLEM_MPI_ADAPT lists them (parseTreeCandidates splits at commas, so no
// candidate holds one).
std::string joinCandidates(const std::vector<std::string>& candidates)
{
    std::string text;
    for (const std::string& c : candidates) {
        text += (text.empty() ? "" : ",") + c;
    }
    return text;
}

std::vector<std::string> splitCandidates(const std::string& text)
{
    std::vector<std::string> candidates;
    std::size_t from = 0;
    while (from < text.size()) {
        const std::size_t comma = std::min(text.find(',', from), text.size());
        candidates.push_back(text.substr(from, comma - from));
        from = comma + 1;
    }
    return candidates;
}

Result<Ok> checkWritable(Session& session, std::int64_t run)
{
    XYLEM_TRY(writable, session.requireWritable());
    XYLEM_TRY(exists, session.database().prepare("SELECT 1 FROM runs WHERE id = ?"));
    XYLEM_TRY(found, exists.value().bind(1, run).step());
    if (!found.value()) {
        return makeError(ErrorCode::NotFound, "no such run in this session");
    }
    XYLEM_TRY(has, session.database().prepare("SELECT 1 FROM mpi_tree_adapt WHERE run_id = ?"));
    XYLEM_TRY(held, has.value().bind(1, run).step());
    if (held.value()) {
        return makeError(ErrorCode::InvalidArgument, "already holds a record of --adapt's tuner");
    }
    return Ok{};
}

Result<Ok> writeAdapt(Session& session, std::int64_t run, const MpiTreeAdapt& adapt,
                      const MpiTrace& trace)
{
    XYLEM_TRY(checked, checkWritable(session, run));
    Database& db = session.database();
    XYLEM_TRY(tx, Transaction::begin(db));
    XYLEM_TRY(head, db.prepare("INSERT INTO mpi_tree_adapt (run_id, candidates, block, rounds, "
                               "settled, disagreements) VALUES (?, ?, ?, ?, ?, ?)"));
    XYLEM_TRY(headDone, head.value()
                            .bind(1, run)
                            .bind(2, std::string_view(joinCandidates(adapt.candidates)))
                            .bind(3, std::int64_t(adapt.block))
                            .bind(4, std::int64_t(adapt.rounds))
                            .bind(5, std::string_view(adapt.settled))
                            .bind(6, adapt.disagreements)
                            .run());
    XYLEM_TRY(blocks, db.prepare("INSERT INTO mpi_tree_adapt_blocks (run_id, tree, first_call, "
                                 "mean_ns) VALUES (?, ?, ?, ?)"));
    for (const MpiAdaptBlock& b : adapt.blocks) {
        XYLEM_TRY(ok, blocks.value()
                          .bind(1, run)
                          .bind(2, std::string_view(b.tree))
                          .bind(3, b.firstCall)
                          .bind(4, b.meanNs)
                          .run());
    }
    XYLEM_TRY(switches, db.prepare("INSERT INTO mpi_tree_switches (run_id, call, seq, tree, "
                                   "settle, start_ns) VALUES (?, ?, ?, ?, ?, ?)"));
    for (const MpiTreeSwitch& s : adapt.switches) {
        Statement& insert = switches.value();
        insert.bind(1, run)
            .bind(2, s.call)
            .bind(3, s.seq)
            .bind(4, std::string_view(s.to))
            .bind(5, std::int64_t(s.settle ? 1 : 0));
        if (const auto start = worldCollectiveStart(trace, s.seq)) {
            insert.bind(6, *start);
        } else {
            insert.bindNull(6);
        }
        XYLEM_TRY(ok, insert.run());
    }
    return tx.value().commit();
}

Result<std::optional<MpiTreeAdapt>> readAdapt(Database& db, std::int64_t run)
{
    XYLEM_TRY(head, db.prepare("SELECT candidates, block, rounds, settled, disagreements FROM "
                               "mpi_tree_adapt WHERE run_id = ?"));
    XYLEM_TRY(found, head.value().bind(1, run).step());
    if (!found.value()) {
        return std::optional<MpiTreeAdapt>();
    }
    const Statement& h = head.value();
    MpiTreeAdapt adapt;
    adapt.candidates = splitCandidates(h.columnText(0));
    const std::int64_t block = h.columnInt(1), rounds = h.columnInt(2);
    if (block < 0 || rounds < 0 || block > std::numeric_limits<int>::max() ||
        rounds > std::numeric_limits<int>::max()) {
        return makeError(ErrorCode::Corrupt, "mpi_tree_adapt holds a damaged block or round count");
    }
    adapt.block = static_cast<int>(block);
    adapt.rounds = static_cast<int>(rounds);
    adapt.settled = h.columnText(3);
    adapt.disagreements = h.columnInt(4);
    XYLEM_TRY(blocks, db.prepare("SELECT tree, first_call, mean_ns FROM mpi_tree_adapt_blocks "
                                 "WHERE run_id = ? ORDER BY first_call, rowid"));
    blocks.value().bind(1, run);
    for (;;) {
        XYLEM_TRY(row, blocks.value().step());
        if (!row.value()) {
            break;
        }
        const Statement& b = blocks.value();
        adapt.blocks.push_back({b.columnText(0), b.columnInt(1), b.columnInt(2)});
    }
    return std::optional<MpiTreeAdapt>(std::move(adapt));
}

Result<std::vector<TreeSwitchAt>> readSwitches(Database& db, std::int64_t run)
{
    XYLEM_TRY(query, db.prepare("SELECT call, seq, tree, settle, start_ns FROM mpi_tree_switches "
                                "WHERE run_id = ? ORDER BY call, rowid"));
    query.value().bind(1, run);
    std::vector<TreeSwitchAt> switches;
    for (;;) {
        XYLEM_TRY(row, query.value().step());
        if (!row.value()) {
            return switches;
        }
        const Statement& q = query.value();
        TreeSwitchAt s{{q.columnInt(0), q.columnInt(1), q.columnText(2), q.columnInt(3) != 0},
                       std::nullopt};
        if (!q.columnIsNull(4)) {
            s.startNs = q.columnInt(4);
        }
        switches.push_back(std::move(s));
    }
}

} // namespace

std::optional<std::int64_t> worldCollectiveStart(const MpiTrace& trace, std::int64_t seq)
{
    std::optional<std::int64_t> start;
    if (seq < 0) {
        return start;
    }
    for (const MpiEvent& e : trace.events) {
        if (e.communicator == 0 && e.seq == seq && isCollective(e.call) &&
            (!start || e.enter < *start)) {
            start = e.enter;
        }
    }
    return start;
}

Result<Ok> addMpiTreeAdapt(Session& session, std::int64_t run, const MpiTreeAdapt& adapt,
                           const MpiTrace& trace)
{
    auto ok = writeAdapt(session, run, adapt, trace);
    return ok ? ok : Result<Ok>(aboutRun(ok.error(), run, session));
}

Result<std::optional<MpiTreeAdapt>> mpiTreeAdapt(Session& session, std::int64_t run)
{
    auto adapt = readAdapt(session.database(), run);
    if (!adapt) {
        return aboutRun(adapt.error(), run, session);
    }
    if (adapt.value()) {
        auto switches = readSwitches(session.database(), run);
        if (!switches) {
            return aboutRun(switches.error(), run, session);
        }
        for (TreeSwitchAt& s : switches.value()) {
            adapt.value()->switches.push_back(std::move(s.change));
        }
    }
    return adapt;
}

Result<std::vector<TreeSwitchAt>> mpiTreeSwitches(Session& session, std::int64_t run)
{
    auto switches = readSwitches(session.database(), run);
    if (!switches) {
        return aboutRun(switches.error(), run, session);
    }
    return switches;
}

} // namespace xylem::store
