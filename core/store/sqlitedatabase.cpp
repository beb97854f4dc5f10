#include "core/store/sqlitedatabase.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <utility>

namespace xylem::store {

namespace {

// A statement as an error message quotes it: without surrounding blanks or its semicolon.
std::string trimmed(std::string_view sql)
{
    const auto blank = [](char c) {
        return c == ' ' || c == '\n' || c == '\t' || c == ';';
    };
    while (!sql.empty() && blank(sql.front())) {
        sql.remove_prefix(1);
    }
    while (!sql.empty() && blank(sql.back())) {
        sql.remove_suffix(1);
    }
    return std::string(sql);
}

// Writers queue for SQLite's one write lock: long enough for several writers' batches and a
// run's finishing transaction on a loaded machine.
constexpr auto kBusyTimeout = std::chrono::seconds(60);

std::string recoverCommand(sqlite3* db)
{
    const char* file = sqlite3_db_filename(db, "main");
    return std::string("xylem-cli recover --session ") + (file ? file : "FILE");
}

// What SQLite says, and for the failures a user can act on, what to do next: a full disk, and
// the unfinished write a killed writer leaves that only a writable connection can roll back.
std::string explain(sqlite3* db, int code, ErrorCode kind)
{
    if (kind == ErrorCode::DiskFull) {
        return std::string("no room to write: the disk is full or the file reached its size "
                           "limit (") +
               sqlite3_errmsg(db) +
               "); everything committed before is kept. Free some space, or copy the session "
               "to a disk with room, then run '" +
               recoverCommand(db) + "' (on the copy) to close a run that was cut off";
    }
    if (code == SQLITE_READONLY_ROLLBACK || code == SQLITE_READONLY_RECOVERY) {
        return std::string("a writer stopped (killed or crashed) in the middle of a write, "
                           "which is left in the session's ") +
               (code == SQLITE_READONLY_ROLLBACK ? "-journal" : "-wal") +
               " file and must be rolled back before the session can be read; run '" +
               recoverCommand(db) + "' (it needs write access to the file and its folder)";
    }
    if (kind == ErrorCode::Busy) {
        return std::string(sqlite3_errmsg(db)) + ": another process kept the session busy for " +
               std::to_string(kBusyTimeout.count()) +
               " s (a large run being written?); try again when it has finished";
    }
    return sqlite3_errmsg(db);
}

// The connection's last failure as an Error, in words a user can act on.
Error connectionError(sqlite3* db, std::string_view doing)
{
    const int code = sqlite3_extended_errcode(db);
    const int system = sqlite3_system_errno(db);
    ErrorCode kind = errorCodeFor(code);
    if ((code & 0xff) == SQLITE_IOERR && (system == EFBIG || system == ENOSPC)) {
        kind = ErrorCode::DiskFull;
    }
    std::string message = doing.empty() ? std::string() : std::string(doing) + ": ";
    return makeError(kind, message + explain(db, code, kind));
}

} // namespace

ErrorCode errorCodeFor(int code)
{
    // A failed write is, in practice, a full disk or a file-size limit (RLIMIT_FSIZE gives
    // EFBIG, which SQLite reports as a plain write error).
    if (code == SQLITE_IOERR_WRITE) {
        return ErrorCode::DiskFull;
    }
    switch (code & 0xff) {
    case SQLITE_CORRUPT:
        return ErrorCode::Corrupt;
    case SQLITE_NOTADB:
        return ErrorCode::NotASession;
    case SQLITE_FULL:
        return ErrorCode::DiskFull;
    case SQLITE_READONLY:
        return ErrorCode::ReadOnly;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return ErrorCode::Busy;
    default:
        return ErrorCode::IoError;
    }
}

// ---- Statement ----

Statement::Statement(Statement&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_stmt(std::exchange(other.m_stmt, nullptr))
    , m_bindError(other.m_bindError)
{
}

Statement& Statement::operator=(Statement&& other) noexcept
{
    if (this != &other) {
        sqlite3_finalize(m_stmt);
        m_db = std::exchange(other.m_db, nullptr);
        m_stmt = std::exchange(other.m_stmt, nullptr);
        m_bindError = other.m_bindError;
    }
    return *this;
}

Statement::~Statement()
{
    sqlite3_finalize(m_stmt);
}

Statement& Statement::bind(int index, std::int64_t value)
{
    const int rc = sqlite3_bind_int64(m_stmt, index, value);
    m_bindError = rc != SQLITE_OK ? rc : m_bindError;
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    const int rc = sqlite3_bind_double(m_stmt, index, value);
    m_bindError = rc != SQLITE_OK ? rc : m_bindError;
    return *this;
}

Statement& Statement::bindUnowned(int index, std::string_view text)
{
    const int rc =
        sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
    m_bindError = rc != SQLITE_OK ? rc : m_bindError;
    return *this;
}

Statement& Statement::bind(int index, std::string_view text)
{
    const int rc =
        sqlite3_bind_text64(m_stmt, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    m_bindError = rc != SQLITE_OK ? rc : m_bindError;
    return *this;
}

Statement& Statement::bindBlob(int index, std::span<const std::uint8_t> bytes)
{
    // SQLITE_STATIC: the caller keeps the bytes alive until step() (every caller here does).
    const int rc = sqlite3_bind_blob64(m_stmt, index, bytes.data(), bytes.size(), SQLITE_STATIC);
    m_bindError = rc != SQLITE_OK ? rc : m_bindError;
    return *this;
}

Statement& Statement::bindNull(int index)
{
    const int rc = sqlite3_bind_null(m_stmt, index);
    m_bindError = rc != SQLITE_OK ? rc : m_bindError;
    return *this;
}

Result<bool> Statement::step()
{
    if (m_bindError != SQLITE_OK) {
        const int rc = std::exchange(m_bindError, SQLITE_OK);
        return makeError(errorCodeFor(rc), std::string("binding a value: ") + sqlite3_errstr(rc));
    }
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) {
        return true;
    }
    if (rc == SQLITE_DONE) {
        return false;
    }
    Error e = connectionError(m_db, "");
    sqlite3_reset(m_stmt);
    return e;
}

Result<Ok> Statement::run()
{
    for (;;) {
        auto more = step();
        if (!more) {
            return more.error();
        }
        if (!more.value()) {
            reset();
            return Ok{};
        }
    }
}

void Statement::reset()
{
    sqlite3_reset(m_stmt);
    sqlite3_clear_bindings(m_stmt);
    m_bindError = 0;
}

std::int64_t Statement::columnInt(int index) const
{
    return sqlite3_column_int64(m_stmt, index);
}

double Statement::columnDouble(int index) const
{
    return sqlite3_column_double(m_stmt, index);
}

std::string Statement::columnText(int index) const
{
    const auto* text = sqlite3_column_text(m_stmt, index);
    return text ? std::string(reinterpret_cast<const char*>(text),
                              static_cast<size_t>(sqlite3_column_bytes(m_stmt, index)))
                : std::string();
}

std::span<const std::uint8_t> Statement::columnBlob(int index) const
{
    const auto* data = static_cast<const std::uint8_t*>(sqlite3_column_blob(m_stmt, index));
    return {data, data ? static_cast<size_t>(sqlite3_column_bytes(m_stmt, index)) : 0};
}

bool Statement::columnIsNull(int index) const
{
    return sqlite3_column_type(m_stmt, index) == SQLITE_NULL;
}

bool Statement::columnIsInteger(int index) const
{
    return sqlite3_column_type(m_stmt, index) == SQLITE_INTEGER;
}

// ---- Database ----

Result<Ok> createOwnerOnly(const std::string& path)
{
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    const int openError = errno;
    if (fd < 0 && openError == EEXIST) {
        return Ok{};
    }
    if (fd < 0) {
        return makeError(openError == ENOSPC  ? ErrorCode::DiskFull
                         : openError == EROFS ? ErrorCode::ReadOnly
                                              : ErrorCode::IoError,
                         std::string("cannot create: ") + std::strerror(openError), path);
    }
    // The umask may only take bits away, but make it exactly 0600 all the same.
    const bool ok = ::fchmod(fd, 0600) == 0;
    const int chmodError = errno;
    ::close(fd);
    if (!ok) {
        return makeError(
            ErrorCode::IoError,
            std::string("cannot make the file owner-only: ") + std::strerror(chmodError), path);
    }
    return Ok{};
}

Result<Database> Database::open(const std::string& path, Mode mode)
{
    int flags = SQLITE_OPEN_NOMUTEX; // one connection per thread
    flags |= mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    flags |= mode == Mode::Create ? SQLITE_OPEN_CREATE : 0;
    if (mode == Mode::Create) {
        XYLEM_TRY(created, createOwnerOnly(path));
    }
    sqlite3* db = nullptr;
    const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
    if (rc != SQLITE_OK) {
        Error e = makeError(
            errorCodeFor(rc),
            std::string("cannot open: ") + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)), path);
        sqlite3_close(db);
        return e;
    }
    sqlite3_extended_result_codes(db, 1);
    Database opened(db, path);
    opened.setBusyTimeout(kBusyTimeout);
    return opened;
}

Database::Database(Database&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
    , m_path(std::move(other.m_path))
{
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        sqlite3_close_v2(m_db);
        m_db = std::exchange(other.m_db, nullptr);
        m_path = std::move(other.m_path);
    }
    return *this;
}

Database::~Database()
{
    sqlite3_close_v2(m_db);
}

Error Database::lastError(std::string_view doing) const
{
    Error e = connectionError(m_db, doing);
    e.where = m_path;
    return e;
}

// Statement by statement, so that a failure names the statement that failed.
Result<Ok> Database::exec(std::string_view sql)
{
    const char* next = sql.data();
    const char* const end = sql.data() + sql.size();
    while (next < end) {
        sqlite3_stmt* stmt = nullptr;
        const char* tail = nullptr;
        const char* const start = next;
        if (sqlite3_prepare_v2(m_db, next, static_cast<int>(end - next), &stmt, &tail) !=
            SQLITE_OK) {
            return lastError("preparing '" + trimmed(std::string_view(start, end - start)) + "'");
        }
        next = tail;
        if (!stmt) {
            continue; // only white space or a comment was left
        }
        int rc = SQLITE_ROW;
        while (rc == SQLITE_ROW) {
            rc = sqlite3_step(stmt);
        }
        sqlite3_finalize(stmt);
        if (rc != SQLITE_DONE) {
            return lastError("executing '" + trimmed(std::string_view(start, tail - start)) + "'");
        }
    }
    return Ok{};
}

Result<Ok> Database::execWhenFree(std::string_view sql)
{
    const auto deadline = std::chrono::steady_clock::now() + kBusyTimeout;
    for (;;) {
        auto ok = exec(sql);
        if (ok || ok.error().code != ErrorCode::Busy ||
            std::chrono::steady_clock::now() >= deadline) {
            return ok;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

Result<Statement> Database::prepare(std::string_view sql)
{
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(m_db, sql.data(), static_cast<int>(sql.size()),
                           SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
        return lastError("preparing a query");
    }
    return Statement(m_db, stmt);
}

Result<std::int64_t> Database::queryInt(std::string_view sql)
{
    auto stmt = prepare(sql);
    if (!stmt) {
        return stmt.error();
    }
    auto row = stmt.value().step();
    if (!row) {
        return row.error();
    }
    if (!row.value()) {
        return makeError(ErrorCode::NotFound, "query returned no row: " + std::string(sql), m_path);
    }
    return stmt.value().columnInt(0);
}

Result<std::vector<std::uint8_t>> Database::readBlob(const char* table, const char* column,
                                                     std::int64_t rowid, size_t offset,
                                                     size_t length)
{
    sqlite3_blob* blob = nullptr;
    if (sqlite3_blob_open(m_db, "main", table, column, rowid, 0, &blob) != SQLITE_OK) {
        Error e = lastError("opening a stored blob");
        sqlite3_blob_close(blob);
        return e;
    }
    const auto size = static_cast<size_t>(sqlite3_blob_bytes(blob));
    if (offset > size || length > size - offset) {
        sqlite3_blob_close(blob);
        return makeError(ErrorCode::Corrupt, "a stored blob is shorter than its index says",
                         m_path);
    }
    std::vector<std::uint8_t> bytes(length);
    const int rc = length ? sqlite3_blob_read(blob, bytes.data(), static_cast<int>(length),
                                              static_cast<int>(offset))
                          : SQLITE_OK;
    sqlite3_blob_close(blob);
    if (rc != SQLITE_OK) {
        return makeError(errorCodeFor(rc),
                         std::string("reading a stored blob: ") + sqlite3_errstr(rc), m_path);
    }
    return bytes;
}

void Database::setBusyTimeout(std::chrono::milliseconds wait)
{
    sqlite3_busy_timeout(m_db, static_cast<int>(wait.count()));
}

std::int64_t Database::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

// ---- Transaction ----

Result<Transaction> Transaction::begin(Database& db)
{
    if (auto ok = db.exec("BEGIN IMMEDIATE"); !ok) {
        return ok.error();
    }
    return Transaction(&db);
}

Transaction::Transaction(Transaction&& other) noexcept
    : m_db(std::exchange(other.m_db, nullptr))
{
}

Transaction::~Transaction()
{
    if (m_db) {
        (void)m_db->exec("ROLLBACK");
    }
}

Result<Ok> Transaction::commit()
{
    if (auto ok = m_db->exec("COMMIT"); !ok) {
        return ok.error(); // still open: the destructor rolls back
    }
    m_db = nullptr;
    return Ok{};
}

} // namespace xylem::store
