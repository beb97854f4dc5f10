#include "core/store/sessioncopy.h"

#include <cstdio>
#include <filesystem>
#include <system_error>

namespace xylem::store {

namespace {

bool sameFile(const std::string& a, const std::string& b)
{
    std::error_code ec;
    return std::filesystem::exists(b, ec) && std::filesystem::equivalent(a, b, ec);
}

} // namespace

Result<Ok> copySession(Session& session, const std::string& target)
{
    if (target.empty()) {
        return makeError(ErrorCode::InvalidArgument, "no file name to save the session as", "");
    }
    if (sameFile(session.path(), target)) {
        return makeError(ErrorCode::InvalidArgument, "the session is already saved there", target);
    }
    const std::string partial = target + ".partial";
    std::remove(partial.c_str()); // a leftover of an earlier failed copy
    // VACUUM INTO writes into an empty file as into a new one: owner-only, as every session.
    if (auto created = createOwnerOnly(partial); !created) {
        return makeError(created.error().code, "cannot write the copy: " + created.error().message,
                         target);
    }
    auto into = session.database().prepare("VACUUM INTO ?1");
    if (!into) {
        return into.error();
    }
    into->bind(1, std::string_view(partial));
    if (auto ran = into->run(); !ran) {
        std::remove(partial.c_str());
        return makeError(ran.error().code, "cannot write the copy: " + ran.error().message, target);
    }
    std::error_code ec;
    std::filesystem::rename(partial, target, ec);
    if (ec) {
        std::remove(partial.c_str());
        return makeError(ErrorCode::IoError, "cannot put the copy in place: " + ec.message(),
                         target);
    }
    return Ok{};
}

Result<Ok> checkpointSession(Session& session)
{
    XYLEM_TRY(writable, session.requireWritable());
    auto checkpoint = session.database().prepare("PRAGMA wal_checkpoint(TRUNCATE)");
    if (!checkpoint) {
        return checkpoint.error();
    }
    auto row = checkpoint->step();
    if (!row) {
        return row.error();
    }
    if (row.value() && checkpoint->columnInt(0) != 0) {
        return makeError(ErrorCode::Busy,
                         "another program is reading the session; saved changes stay in its log",
                         session.path());
    }
    return Ok{};
}

} // namespace xylem::store
