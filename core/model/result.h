#pragma once

// Errors as values: every fallible call across layers returns Result<T>. The error carries a
// machine-readable code and enough context (file, line, wrapper) for app/ or views/ to phrase
// the message a user reads.

#include <string>
#include <utility>
#include <variant>

namespace xylem {

enum class ErrorCode
{
    InvalidArgument,      // a caller passed something out of range
    MalformedInput,       // text that does not parse (JSON, CSV, number)
    InvalidConfiguration, // parses, but breaks a rule of metrics.md §8
    InvalidTrace,         // a trace row that breaks a rule of metrics.md §8
    IoError,              // a file that cannot be read or written
    NotASession,          // a file that is not a Xylem session (empty, another format or program)
    NewerFormat,          // written by a newer Xylem than this one
    Corrupt,              // stored data that fails its checks
    ReadOnly,             // a write to a file or session opened read-only
    DiskFull,             // the disk (or the file's size limit) is full
    NotFound,             // a run, table or item that does not exist
    Busy,                 // another process holds the session
    TimedOut,             // a peer (a collector, a program) did not come or answer in time
};

struct Error
{
    ErrorCode code = ErrorCode::InvalidArgument;
    std::string message; // what went wrong, naming the offending item
    std::string where;   // where: "line 12, column 3", a wrapper id, a file name; may be empty

    std::string describe() const { return where.empty() ? message : where + ": " + message; }
};

template <typename T> class [[nodiscard]] Result
{
public:
    Result(T success)
        : m_state(std::move(success))
    {
    }
    Result(Error error)
        : m_state(std::move(error))
    {
    }

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    const T& value() const& { return std::get<T>(m_state); }
    T& value() & { return std::get<T>(m_state); }
    // By value: `for (auto& x : load().value())` must not refer into a destroyed temporary.
    T value() && { return std::get<T>(std::move(m_state)); }
    const T* operator->() const { return &value(); }
    T* operator->() { return &value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const { return std::get<Error>(m_state); }

private:
    std::variant<T, Error> m_state;
};

// For calls that return nothing on success.
struct Ok
{
};

inline Error makeError(ErrorCode code, std::string message, std::string where = {})
{
    return Error{code, std::move(message), std::move(where)};
}

} // namespace xylem

// Turns a failed Result into an early return of its Error (in a function returning a Result).
#define XYLEM_TRY(var, expr)                                                                       \
    auto var = (expr);                                                                             \
    if (!var) {                                                                                    \
        return var.error();                                                                        \
    }
