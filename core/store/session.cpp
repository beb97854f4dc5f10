#include "core/store/session.h"

#include "core/store/migrations.h"
#include "core/store/schema.h"
#include "core/store/sessionfile.h"

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace xylem::store {

namespace {

std::string hex(std::int64_t v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%08llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string nowIso8601()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buf[32];
    std::tm utc{};
    gmtime_r(&now, &utc);
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return buf;
}

Result<Session> fail(Error e, const std::string& path)
{
    if (e.where.empty()) {
        e.where = path;
    }
    return e;
}

// Writers share the session and wait while recover has it to itself; recover never waits.
Result<SessionLock> lockFor(const std::string& path, OpenMode mode)
{
    switch (mode) {
    case OpenMode::ReadOnly:
        return SessionLock();
    case OpenMode::ReadWrite:
        return SessionLock::acquire(path, LockKind::Shared, std::chrono::seconds(60));
    case OpenMode::Exclusive:
        break;
    }
    return SessionLock::acquire(path, LockKind::Exclusive, std::chrono::milliseconds(0));
}

} // namespace

Result<Session> Session::open(const std::string& path, OpenMode mode)
{
    auto state = inspectSessionFile(path);
    if (!state) {
        return state.error();
    }
    if (state.value() == FileState::Missing) {
        return makeError(ErrorCode::NotFound, "no such session file", path);
    }
    if (state.value() == FileState::Empty) {
        return makeError(ErrorCode::NotASession, "not a Xylem session (the file is empty)", path);
    }
    const bool writer = mode != OpenMode::ReadOnly;
    const bool canWrite = ::access(path.c_str(), W_OK) == 0;
    if (writer && !canWrite) {
        return makeError(ErrorCode::ReadOnly, "the file is read-only: cannot open it for writing",
                         path);
    }
    auto lock = lockFor(path, mode);
    if (!lock) {
        return lock.error();
    }
    auto db = Database::open(path, writer ? Database::Mode::ReadWrite : Database::Mode::ReadOnly);
    if (!db) {
        return db.error();
    }
    Session session(std::move(db).value(), writer, std::move(lock).value());
    if (auto ok = session.configure(); !ok) {
        return fail(ok.error(), path);
    }
    if (auto ok = session.checkIdentity(); !ok) {
        return fail(ok.error(), path);
    }
    if (session.m_version < kCurrentFormat && !session.m_writable) {
        return upgradeThenReopenReadOnly(std::move(session), canWrite);
    }
    if (session.m_version < kCurrentFormat) {
        if (auto ok = session.upgrade(); !ok) {
            return fail(ok.error(), path);
        }
    }
    return session;
}

// Upgrading is a write: done through a read-write session, after which the caller gets the
// read-only session it asked for.
Result<Session> Session::upgradeThenReopenReadOnly(Session stale, bool canWrite)
{
    const std::string path = stale.path();
    const int version = stale.m_version;
    stale = Session(Database(), false); // close the stale connection
    if (!canWrite) {
        return makeError(
            ErrorCode::ReadOnly,
            "session format " + std::to_string(version) +
                " must be upgraded, but the file is read-only (copy it somewhere writable)",
            path);
    }
    std::optional<int> from;
    {
        auto writer = Session::open(path, OpenMode::ReadWrite);
        if (!writer) {
            return writer.error();
        }
        from = writer->m_upgradedFrom;
    }
    auto reader = Session::open(path, OpenMode::ReadOnly);
    if (reader) {
        reader.value().m_upgradedFrom = from;
    }
    return reader;
}

Result<Session> Session::create(const std::string& path)
{
    auto state = inspectSessionFile(path);
    if (!state) {
        return state.error();
    }
    if (state.value() == FileState::Present) {
        return makeError(ErrorCode::IoError, "the file already exists (open it to add runs)", path);
    }
    return createOrJoin(path, false);
}

Result<Session> Session::openOrCreate(const std::string& path)
{
    auto state = inspectSessionFile(path);
    if (!state) {
        return state.error();
    }
    if (state.value() == FileState::Present && ::access(path.c_str(), W_OK) != 0) {
        return makeError(ErrorCode::ReadOnly, "the file is read-only: cannot open it for writing",
                         path);
    }
    return createOrJoin(path, true);
}

// Another process may be creating the same file (or have just made it): the schema is written
// in a write transaction that first checks the file is still blank, so exactly one creates it;
// with `join`, the others then open what it made.
Result<Session> Session::createOrJoin(const std::string& path, bool join)
{
    auto lock = lockFor(path, OpenMode::ReadWrite);
    if (!lock) {
        return lock.error();
    }
    auto db = Database::open(path, Database::Mode::Create);
    if (!db) {
        return db.error();
    }
    Session session(std::move(db).value(), true, std::move(lock).value());
    if (auto ok = session.configure(); !ok) {
        return fail(ok.error(), path);
    }
    if (auto ok = session.initialiseIfBlank(join); !ok) {
        return fail(ok.error(), path);
    }
    if (auto ok = session.checkIdentity(); !ok) {
        return fail(ok.error(), path);
    }
    if (session.m_version < kCurrentFormat) {
        if (auto ok = session.upgrade(); !ok) {
            return fail(ok.error(), path);
        }
    }
    return session;
}

Session::~Session()
{
    m_statements.clear();
    // The last writer folds the write-ahead log back into the file and drops it: what is left
    // is one file that can be mailed or opened read-only. Best effort and without waiting: a
    // reader may still hold it.
    if (m_writable && m_db.handle() && m_lock.takeAloneIfLast()) {
        m_db.setBusyTimeout(std::chrono::milliseconds(0));
        (void)m_db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
        (void)m_db.exec("PRAGMA journal_mode=DELETE");
    }
}

Result<Statement*> Session::cachedStatement(std::string_view sql)
{
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        XYLEM_TRY(made, m_db.prepare(sql));
        it = m_statements.emplace(std::string(sql), std::move(made).value()).first;
    }
    it->second.reset(); // after a failed run too
    return &it->second;
}

Result<Ok> Session::requireWritable() const
{
    if (!m_writable) {
        return makeError(ErrorCode::ReadOnly, "the session is open read-only", path());
    }
    return Ok{};
}

Result<Ok> Session::configure()
{
    if (auto ok = m_db.exec("PRAGMA foreign_keys=ON; PRAGMA cache_size=-65536"); !ok) {
        return ok.error();
    }
    if (m_writable) {
        // WAL: a writer killed mid-ingest leaves every committed batch readable; NORMAL sync is
        // durable against process crashes (the log is in the OS), fast enough for bulk ingest.
        // Switching to WAL does not wait for a lock by itself (see execWhenFree).
        return m_db.execWhenFree("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL");
    }
    return Ok{};
}

Result<Ok> Session::checkIdentity()
{
    auto appId = m_db.queryInt("PRAGMA application_id");
    if (!appId) {
        Error e = appId.error();
        if (e.code == ErrorCode::NotASession || e.code == ErrorCode::IoError) {
            e.code = ErrorCode::NotASession;
            e.message = "not a Xylem session (" + e.message + ")";
        }
        return e;
    }
    auto version = m_db.queryInt("PRAGMA user_version");
    auto objects = m_db.queryInt("SELECT count(*) FROM sqlite_master");
    if (!version || !objects) {
        return version ? objects.error() : version.error();
    }
    if (appId.value() != kApplicationId) {
        return makeError(ErrorCode::NotASession,
                         objects.value() == 0
                             ? "not a Xylem session (an empty SQLite database)"
                             : "not a Xylem session (an SQLite database of another program, "
                               "application id " +
                                   hex(appId.value()) + ")");
    }
    if (version.value() > kCurrentFormat) {
        return makeError(ErrorCode::NewerFormat,
                         "written by a newer Xylem: session format " +
                             std::to_string(version.value()) + ", this Xylem reads up to " +
                             std::to_string(kCurrentFormat) + "; update Xylem to open it");
    }
    if (version.value() < 1) {
        return makeError(ErrorCode::Corrupt,
                         "damaged: Xylem's mark is there but the format version is missing");
    }
    m_version = static_cast<int>(version.value());
    auto check = m_db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?");
    if (!check) {
        return check.error();
    }
    for (const char* const* table = requiredTables(m_version); *table; ++table) {
        check.value().reset();
        auto found = check.value().bind(1, std::string_view(*table)).step();
        if (!found) {
            return found.error();
        }
        if (!found.value()) {
            return makeError(ErrorCode::Corrupt,
                             std::string("damaged: table '") + *table + "' is missing");
        }
    }
    return Ok{};
}

// Blank: no table, no mark, no format (a new file, or one that another process is creating:
// the write transaction waits for that process's, and checks again).
Result<Ok> Session::initialiseIfBlank(bool join)
{
    const auto blank = [this]() -> Result<bool> {
        auto marks = m_db.queryInt("SELECT (SELECT count(*) FROM sqlite_master) + "
                                   "(SELECT application_id FROM pragma_application_id) + "
                                   "(SELECT user_version FROM pragma_user_version)");
        return marks ? Result<bool>(marks.value() == 0) : Result<bool>(marks.error());
    };
    XYLEM_TRY(before, blank());
    std::optional<Transaction> tx;
    if (before.value()) {
        XYLEM_TRY(begun, Transaction::begin(m_db));
        tx.emplace(std::move(begun).value());
    }
    XYLEM_TRY(now, tx ? blank() : Result<bool>(false));
    if (!now.value()) {
        return join
                   ? Result<Ok>(Ok{}) // checkIdentity tells what the file is
                   : makeError(ErrorCode::IoError, "the file already exists (open it to add runs)");
    }
    XYLEM_TRY(done, initialise());
    return tx->commit();
}

// Inside the caller's transaction.
Result<Ok> Session::initialise()
{
    for (int step = 1; step <= kCurrentFormat; ++step) {
        if (auto ok = applySchemaStep(m_db, step); !ok) {
            return ok.error();
        }
    }
    auto meta = m_db.prepare(
        "INSERT INTO meta (key, value) VALUES ('created_at', ?), ('created_by', 'Xylem 0.1.0')");
    if (!meta) {
        return meta.error();
    }
    if (auto ok = meta.value().bind(1, std::string_view(nowIso8601())).run(); !ok) {
        return ok.error();
    }
    const std::string marks = "PRAGMA application_id=" + std::to_string(kApplicationId) +
                              "; PRAGMA user_version=" + std::to_string(kCurrentFormat);
    return m_db.exec(marks);
}

Result<Ok> Session::upgrade()
{
    auto tx = Transaction::begin(m_db);
    if (!tx) {
        return tx.error();
    }
    const int from = m_version;
    for (int step = from + 1; step <= kCurrentFormat; ++step) {
        if (auto ok = applySchemaStep(m_db, step); !ok) {
            return ok.error();
        }
        if (auto ok = migrateData(m_db, step); !ok) {
            return ok.error();
        }
    }
    if (auto ok = m_db.exec("PRAGMA user_version=" + std::to_string(kCurrentFormat)); !ok) {
        return ok.error();
    }
    if (auto ok = tx.value().commit(); !ok) {
        return ok.error();
    }
    m_version = kCurrentFormat;
    m_upgradedFrom = from;
    return Ok{};
}

} // namespace xylem::store
