#pragma once

// One SQL statement a user typed, run on a session without any chance of changing it: only a
// statement SQLite itself calls read-only (sqlite3_stmt_readonly: SELECT, WITH ... SELECT,
// EXPLAIN, read-only PRAGMAs) is run, one statement at a time, ATTACH and DETACH refused. The
// rows go to a sink as they come, as typed cells (a blob as its hex text: X'00ff').

#include "core/model/result.h"
#include "core/model/table.h"
#include "core/store/sqlitedatabase.h"

#include <string>
#include <string_view>
#include <vector>

namespace xylem::store {

class QuerySink
{
public:
    virtual ~QuerySink() = default;
    virtual void columns(const std::vector<std::string>& names) = 0;
    virtual void row(const std::vector<Cell>& cells) = 0;
};

// MalformedInput naming the problem: a syntax error (SQLite's message), more than one
// statement, a statement that writes, ATTACH; InvalidArgument for an empty text. Errors while
// stepping come as they are.
Result<Ok> runReadOnlyQuery(Database& db, std::string_view sql, QuerySink& sink);

} // namespace xylem::store
