#pragma once

// A thin RAII layer over the SQLite C API: one connection, prepared statements, transactions.
// Every failure comes back as an Error whose code tells corrupt, full, read-only and busy apart.

#include "core/model/result.h"

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace xylem::store {

class Statement
{
public:
    Statement() = default;
    Statement(sqlite3* db, sqlite3_stmt* stmt)
        : m_db(db)
        , m_stmt(stmt)
    {
    }
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&& other) noexcept;
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;
    ~Statement();

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    // Not copied: the text must stay as it is until the statement has run.
    Statement& bindUnowned(int index, std::string_view text);
    Statement& bindBlob(int index, std::span<const std::uint8_t> bytes);
    Statement& bindNull(int index);

    // True while a row is available; errors (including those of an earlier bind) end as Error.
    Result<bool> step();
    // Runs the statement to completion, ignoring rows.
    Result<Ok> run();
    void reset();

    std::int64_t columnInt(int index) const;
    double columnDouble(int index) const;
    std::string columnText(int index) const;
    std::span<const std::uint8_t> columnBlob(int index) const;
    bool columnIsNull(int index) const;
    // Whether the value is stored as an integer: columnInt() truncates a real or a text.
    bool columnIsInteger(int index) const;

private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_stmt = nullptr;
    int m_bindError = 0;
};

// Makes `path` an empty file of mode 0600 if nothing is there yet (an existing file is left as
// it is: a session shared on purpose keeps its mode). SQLite would create a session 0644 less
// the umask, readable by every user, and gives its -wal and -shm files the mode of the database
// file, so a session made this way stays owner-only with all its parts.
Result<Ok> createOwnerOnly(const std::string& path);

class Database
{
public:
    enum class Mode
    {
        ReadOnly,
        ReadWrite,
        Create
    };

    // With Mode::Create a missing file is made owner-only first (createOwnerOnly).
    static Result<Database> open(const std::string& path, Mode mode);
    Database() = default; // closed; only to be assigned to
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    Result<Ok> exec(std::string_view sql);
    // exec, tried again while another connection holds the lock, up to the busy time-out: for
    // statements SQLite fails at once instead of waiting (PRAGMA journal_mode=WAL while another
    // process opens the same new file).
    Result<Ok> execWhenFree(std::string_view sql);
    Result<Statement> prepare(std::string_view sql);
    // The single integer a query returns (e.g. PRAGMA user_version).
    Result<std::int64_t> queryInt(std::string_view sql);
    std::int64_t lastInsertId() const;
    // How long a statement waits for another connection's lock before it fails as Busy.
    void setBusyTimeout(std::chrono::milliseconds wait);
    // Part of one blob, read without loading the rest (incremental blob I/O).
    Result<std::vector<std::uint8_t>> readBlob(const char* table, const char* column,
                                               std::int64_t rowid, size_t offset, size_t length);

    // An error from the connection's last failure, phrased with what was being done.
    Error lastError(std::string_view doing) const;
    sqlite3* handle() const { return m_db; }
    const std::string& path() const { return m_path; }

private:
    Database(sqlite3* db, std::string path)
        : m_db(db)
        , m_path(std::move(path))
    {
    }

    sqlite3* m_db = nullptr;
    std::string m_path;
};

// Maps an SQLite result code to an ErrorCode.
ErrorCode errorCodeFor(int sqliteCode);

// BEGIN IMMEDIATE on construction; ROLLBACK on destruction unless commit() succeeded.
class Transaction
{
public:
    static Result<Transaction> begin(Database& db);
    Transaction(Transaction&& other) noexcept;
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    Transaction& operator=(Transaction&&) = delete;
    ~Transaction();

    Result<Ok> commit();

private:
    explicit Transaction(Database* db)
        : m_db(db)
    {
    }
    Database* m_db = nullptr;
};

} // namespace xylem::store
