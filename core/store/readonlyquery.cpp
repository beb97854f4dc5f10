#include "core/store/readonlyquery.h"

#include <cctype>
#include <memory>
#include <sqlite3.h>

namespace xylem::store {

namespace {

bool blank(std::string_view text)
{
    for (const char c : text) {
        if (!std::isspace(static_cast<unsigned char>(c)) && c != ';') {
            return false;
        }
    }
    return true;
}

// Attaching opens (or makes) another file: not what a query of this session may do.
int refuseAttach(void*, int action, const char*, const char*, const char*, const char*)
{
    return action == SQLITE_ATTACH || action == SQLITE_DETACH ? SQLITE_DENY : SQLITE_OK;
}

Cell cellAt(sqlite3_stmt* stmt, int i)
{
    switch (sqlite3_column_type(stmt, i)) {
    case SQLITE_INTEGER:
        return static_cast<std::int64_t>(sqlite3_column_int64(stmt, i));
    case SQLITE_FLOAT:
        return sqlite3_column_double(stmt, i);
    case SQLITE_TEXT:
        return std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, i)),
                           static_cast<size_t>(sqlite3_column_bytes(stmt, i)));
    case SQLITE_BLOB: {
        const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(stmt, i));
        const int n = sqlite3_column_bytes(stmt, i);
        static const char* const kHex = "0123456789abcdef";
        std::string hex = "X'";
        for (int b = 0; b < n; ++b) {
            hex += kHex[bytes[b] >> 4];
            hex += kHex[bytes[b] & 15];
        }
        return hex + "'";
    }
    default:
        return Cell();
    }
}

struct Finalize
{
    void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};

} // namespace

Result<Ok> runReadOnlyQuery(Database& db, std::string_view sql, QuerySink& sink)
{
    if (blank(sql)) {
        return makeError(ErrorCode::InvalidArgument, "no SQL statement given");
    }
    sqlite3* handle = db.handle();
    sqlite3_set_authorizer(handle, refuseAttach, nullptr);
    sqlite3_stmt* raw = nullptr;
    const char* tail = nullptr;
    const int rc =
        sqlite3_prepare_v2(handle, sql.data(), static_cast<int>(sql.size()), &raw, &tail);
    std::unique_ptr<sqlite3_stmt, Finalize> stmt(raw);
    sqlite3_set_authorizer(handle, nullptr, nullptr);
    if (rc == SQLITE_AUTH) {
        return makeError(ErrorCode::MalformedInput,
                         "ATTACH and DETACH are refused: a query reads this session only");
    }
    if (rc != SQLITE_OK) {
        return makeError(ErrorCode::MalformedInput,
                         std::string("SQL error: ") + sqlite3_errmsg(handle));
    }
    if (!stmt) {
        return makeError(ErrorCode::InvalidArgument, "no SQL statement given (only a comment?)");
    }
    if (!blank(std::string_view(tail, static_cast<size_t>(sql.data() + sql.size() - tail)))) {
        return makeError(ErrorCode::MalformedInput,
                         "one statement at a time: more follows after '" +
                             std::string(sql.substr(0, static_cast<size_t>(tail - sql.data()))) +
                             "'");
    }
    if (!sqlite3_stmt_readonly(stmt.get())) {
        return makeError(ErrorCode::MalformedInput,
                         "only read-only statements are run (SELECT, WITH, EXPLAIN); the session "
                         "is never changed: " +
                             std::string(sqlite3_sql(stmt.get())));
    }
    const int count = sqlite3_column_count(stmt.get());
    std::vector<std::string> names;
    for (int i = 0; i < count; ++i) {
        names.emplace_back(sqlite3_column_name(stmt.get(), i));
    }
    sink.columns(names);
    std::vector<Cell> cells(static_cast<size_t>(count));
    for (;;) {
        const int step = sqlite3_step(stmt.get());
        if (step == SQLITE_DONE) {
            return Ok{};
        }
        if (step != SQLITE_ROW) {
            return db.lastError("running the query");
        }
        for (int i = 0; i < count; ++i) {
            cells[static_cast<size_t>(i)] = cellAt(stmt.get(), i);
        }
        sink.row(cells);
    }
}

} // namespace xylem::store
