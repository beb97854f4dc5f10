#pragma once

// A session file (*.xylem): one SQLite database holding runs, their tuples and everything
// needed to reopen an analysis. Session owns the connection and the file's life cycle:
// checking that a file is a Xylem session at all, upgrading older formats, refusing newer
// ones, and leaving a single self-contained file behind when closed. What is stored lives in
// the modules around it (runcatalog.h, runwriter.h, runloader.h, timeline.h, attachments.h).

#include "core/model/result.h"
#include "core/store/sessionlock.h"
#include "core/store/sqlitedatabase.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace xylem::store {

enum class OpenMode
{
    ReadOnly,  // no lock: a session being written can be read
    ReadWrite, // beside other writers (sessionlock.h); waits while one has it to itself
    Exclusive, // alone, for recover: Busy at once while another process writes the session
};

class Session
{
public:
    // An existing session. An older format is upgraded in place (even when opened ReadOnly,
    // as long as the file is writable): see upgradedFrom().
    static Result<Session> open(const std::string& path, OpenMode mode);
    // A new session; an existing empty file counts as new, any other existing file is an error.
    static Result<Session> create(const std::string& path);
    // open(ReadWrite) if the file exists and is not empty, else create(); processes that race
    // to create one session all end up writing to the one that the first made.
    static Result<Session> openOrCreate(const std::string& path);

    Session(Session&&) noexcept = default;
    Session& operator=(Session&&) noexcept = default;
    ~Session();

    const std::string& path() const { return m_db.path(); }
    int formatVersion() const { return m_version; }
    std::optional<int> upgradedFrom() const { return m_upgradedFrom; }
    bool writable() const { return m_writable; }

    Database& database() { return m_db; }
    // An error if the session was opened read-only.
    Result<Ok> requireWritable() const;
    // The statement for sql, prepared at its first use and kept while the session is open:
    // for what a recording runs again and again (attachments.h's system samples).
    Result<Statement*> cachedStatement(std::string_view sql);

private:
    Session(Database db, bool writable, SessionLock lock = {})
        : m_lock(std::move(lock))
        , m_db(std::move(db))
        , m_writable(writable)
    {
    }

    static Result<Session> upgradeThenReopenReadOnly(Session stale, bool canWrite);
    static Result<Session> createOrJoin(const std::string& path, bool join);
    Result<Ok> configure();
    Result<Ok> checkIdentity();
    Result<Ok> upgrade();
    Result<Ok> initialiseIfBlank(bool join);
    Result<Ok> initialise();

    SessionLock m_lock; // before m_db: released after the connection is closed
    Database m_db;
    bool m_writable = false;
    int m_version = 0;
    std::optional<int> m_upgradedFrom;
    std::map<std::string, Statement, std::less<>> m_statements; // cachedStatement()
};

} // namespace xylem::store
