// `xylem-cli sql S.xylem "SELECT ..."`: SQL over a session without Xylem's code, on a read-only
// connection: the session's own tables and the decoded tuples, calls, MPI events and edges of
// Xylem's tree (core/store/eventtables.h); rows as CSV with a header line, or as JSON.

#include "app/cli/command.h"
#include "app/cli/sessioninput.h"
#include "core/store/eventdump.h"
#include "core/store/eventtables.h"
#include "core/store/readonlyquery.h"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

namespace xylem::cli {

namespace {

std::string number(double v)
{
    if (!std::isfinite(v)) {
        return {};
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, v).ptr; // shortest exact form
    return std::string(text, end);
}

std::string csvField(const Cell& cell)
{
    if (const auto* i = std::get_if<std::int64_t>(&cell)) {
        return std::to_string(*i);
    }
    if (const auto* d = std::get_if<double>(&cell)) {
        return number(*d);
    }
    const auto* s = std::get_if<std::string>(&cell);
    if (!s) {
        return {}; // NULL
    }
    if (s->find_first_of(",\"\n\r") == std::string::npos) {
        return *s;
    }
    std::string quoted = "\"";
    for (const char c : *s) {
        quoted += c == '"' ? "\"\"" : std::string(1, c);
    }
    return quoted + '"';
}

class CsvSink final : public store::QuerySink
{
public:
    explicit CsvSink(std::ostream& out)
        : m_out(out)
    {
    }
    void columns(const std::vector<std::string>& names) override
    {
        std::vector<Cell> header(names.begin(), names.end());
        row(header);
    }
    void row(const std::vector<Cell>& cells) override
    {
        for (size_t i = 0; i < cells.size(); ++i) {
            m_out << (i ? "," : "") << csvField(cells[i]);
        }
        m_out << '\n';
    }

private:
    std::ostream& m_out;
};

std::string jsonString(const std::string& s)
{
    return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// An array of objects, one per row, written row by row.
class JsonSink final : public store::QuerySink
{
public:
    explicit JsonSink(std::ostream& out)
        : m_out(out)
    {
    }
    void columns(const std::vector<std::string>& names) override
    {
        for (const std::string& n : names) {
            m_keys.push_back(jsonString(n));
        }
        m_out << '[';
    }
    void row(const std::vector<Cell>& cells) override
    {
        m_out << (m_rows++ ? ",\n{" : "\n{");
        for (size_t i = 0; i < cells.size(); ++i) {
            m_out << (i ? "," : "") << m_keys[i] << ':';
            if (const auto* v = std::get_if<std::int64_t>(&cells[i])) {
                m_out << *v;
            } else if (const auto* d = std::get_if<double>(&cells[i])) {
                const std::string n = number(*d);
                m_out << (n.empty() ? "null" : n);
            } else if (const auto* s = std::get_if<std::string>(&cells[i])) {
                m_out << jsonString(*s);
            } else {
                m_out << "null";
            }
        }
        m_out << '}';
    }
    void finish() { m_out << (m_rows ? "\n]\n" : "]\n"); }

private:
    std::ostream& m_out;
    std::vector<std::string> m_keys;
    std::int64_t m_rows = 0;
};

void printTables(std::ostream& o)
{
    o << "Decoded from the session's chunks (read-only virtual tables):\n";
    for (const store::EventTableInfo& t : store::eventTables()) {
        o << "  " << t.name << "(" << t.columns << ")\n      " << t.about << '\n';
    }
    o << "The session's own tables, e.g. runs, mpi_ranks, mpi_communicators, system_samples,\n"
         "clock_models, scopes: SELECT name FROM sqlite_schema WHERE type = 'table'\n";
}

// The statement may come as a word of its own (`sql S.xylem "SELECT 1" --json`): the word
// after the session, or the only one besides --session S. It becomes --query, so that the
// parser sees the session and options only.
Args withQueryOption(const Args& args)
{
    std::vector<size_t> words;
    bool sessionOption = false;
    for (size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--session" || args[i] == "--query" || args[i] == "--dump") {
            sessionOption = sessionOption || args[i] == "--session";
            ++i; // its value
        } else if (args[i].starts_with("--session=")) {
            sessionOption = true;
        } else if (!args[i].starts_with("-")) {
            words.push_back(i);
        }
    }
    const size_t wanted = sessionOption ? 1 : 2;
    if (words.size() != wanted) {
        return args; // none, or too many: the parser names what it does not take
    }
    Args rewritten;
    for (size_t i = 0; i < args.size(); ++i) {
        if (i != words.back()) {
            rewritten.push_back(args[i]);
        }
    }
    rewritten.insert(rewritten.end(), {"--query", args[words.back()]});
    return rewritten;
}

} // namespace

int runSql(const Args& args, std::ostream& out, std::ostream& err)
{
    static const CommandSpec spec{
        "sql",
        "usage: xylem-cli sql [--session] S.xylem \"SELECT ...\" [--json]\n"
        "       xylem-cli sql [--session] S.xylem --tables\n"
        "       xylem-cli sql [--session] S.xylem --dump NEW.db\n"
        "       runs one read-only SQL statement on the session and prints its rows as CSV\n"
        "       with a header line (or --json: an array of objects); the session is opened\n"
        "       read-only and never changed. Beside the session's own tables:\n"
        "         tuples(run_id, seq, collector, collector_index, down_ns, up_ns, op, ret)\n"
        "         calls(run_id, seq, start_ns, operation_time_ns, slowest_thread_time_ns,\n"
        "               slowest_thread)\n"
        "         mpi_events(run_id, rank, call, communicator, seq, enter_ns, exit_ns, partner,\n"
        "                    tag, bytes, completes)\n"
        "         mpi_tree_edges_decoded(run_id, rank, parent, call, communicator, seq,\n"
        "                                down_ns, up_ns, at_parent)\n"
        "       decoded from the stored chunks; WHERE run_id = N reads one run's only.\n"
        "       --dump writes them and the runs table into a new plain SQLite file, for tools\n"
        "       without Xylem (sqlite3, DuckDB, pandas).\n",
        {sessionOption(),
         valueOption("query", "the SQL statement (or give it as the word after the session)", {},
                     {}, "SQL"),
         flagOption("json", "print the rows as a JSON array of objects"),
         flagOption("tables", "list the decoded tables and their columns"),
         valueOption("dump",
                     "write runs, tuples, calls, mpi_events and mpi_tree_edges_decoded into this "
                     "new SQLite file",
                     {}, {}, "NEW.db")},
        true};
    return runCommand(
        spec, withQueryOption(args), out, err,
        [](const Arguments& a, std::ostream& o, std::ostream& e) -> Result<Ok> {
            if (a.has("tables")) {
                printTables(o);
                return Ok{};
            }
            if (a.has("dump")) {
                XYLEM_TRY(path, a.one("session"));
                XYLEM_TRY(target, a.one("dump"));
                XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, e));
                XYLEM_TRY(counts, store::dumpEventTables(session.value(), target.value()));
                o << target.value() << ": " << counts->runs << " runs, " << counts->tuples
                  << " tuples, " << counts->calls << " calls, " << counts->mpiEvents
                  << " MPI events, " << counts->treeEdges << " tree edges\n";
                return Ok{};
            }
            if (!a.has("query")) {
                return makeError(ErrorCode::InvalidArgument,
                                 "give the SQL statement after the session (or --tables)");
            }
            XYLEM_TRY(path, a.one("session"));
            XYLEM_TRY(query, a.one("query"));
            XYLEM_TRY(session, openSession(path.value(), store::OpenMode::ReadOnly, e));
            XYLEM_TRY(registered, store::registerEventTables(session.value()));
            if (a.has("json")) {
                JsonSink sink(o);
                XYLEM_TRY(done, store::runReadOnlyQuery(session->database(), query.value(), sink));
                sink.finish();
                return Ok{};
            }
            CsvSink sink(o);
            return store::runReadOnlyQuery(session->database(), query.value(), sink);
        });
}

} // namespace xylem::cli
