#include "core/store/sessionfile.h"

#include <array>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace xylem::store {

namespace {

constexpr char kSqliteMagic[] = "SQLite format 3"; // 15 characters and a NUL: 16 bytes
constexpr size_t kHeaderSize = 100;

std::uint32_t bigEndian32(const unsigned char* p)
{
    return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

Error notASession(const std::string& path, const std::string& why)
{
    return makeError(ErrorCode::NotASession, "not a Xylem session (" + why + ")", path);
}

} // namespace

Result<FileState> inspectSessionFile(const std::string& path)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        return FileState::Missing;
    }
    if (fs::is_directory(status)) {
        return makeError(ErrorCode::IoError, "is a directory, not a session file", path);
    }
    const auto size = fs::file_size(path, ec);
    if (ec) {
        return makeError(ErrorCode::IoError, "cannot read the file size: " + ec.message(), path);
    }
    if (size == 0) {
        return FileState::Empty;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return makeError(ErrorCode::IoError, "cannot open the file for reading (permissions?)",
                         path);
    }
    std::array<unsigned char, kHeaderSize> header{};
    in.read(reinterpret_cast<char*>(header.data()), header.size());
    const auto got = static_cast<size_t>(in.gcount());
    if (got < sizeof kSqliteMagic ||
        std::memcmp(header.data(), kSqliteMagic, sizeof kSqliteMagic) != 0) {
        return notASession(path, "not an SQLite database");
    }
    if (got < kHeaderSize) {
        return makeError(ErrorCode::Corrupt, "truncated: the file ends inside the database header",
                         path);
    }
    // Bytes 16-17: page size (1 means 65536), a power of two from 512; 18-19: format versions
    // 1 or 2; 21-23: the fixed payload fractions 64, 32, 32. Anything else is no database header.
    std::uint32_t pageSize = std::uint32_t(header[16]) << 8 | header[17];
    pageSize = pageSize == 1 ? 65536 : pageSize;
    const bool plausible = pageSize >= 512 && (pageSize & (pageSize - 1)) == 0 && header[18] >= 1 &&
                           header[18] <= 2 && header[19] >= 1 && header[19] <= 2 &&
                           header[21] == 64 && header[22] == 32 && header[23] == 32;
    if (!plausible) {
        return makeError(ErrorCode::Corrupt,
                         "damaged database header (not a Xylem session, or a broken one)", path);
    }
    // Bytes 28-31: pages in the database, valid when the change counter at 24-27 matches
    // 92-95. Without a write-ahead log next to it, the file must be that big.
    const std::uint32_t pages = bigEndian32(header.data() + 28);
    const bool countValid = bigEndian32(header.data() + 24) == bigEndian32(header.data() + 92);
    const bool hasWal = fs::exists(path + "-wal", ec) && fs::file_size(path + "-wal", ec) > 0;
    if (countValid && !hasWal && pages > 0 &&
        static_cast<std::uintmax_t>(pages) * pageSize > size) {
        return makeError(ErrorCode::Corrupt,
                         "truncated: the database needs " +
                             std::to_string(std::uintmax_t(pages) * pageSize) +
                             " bytes but the file has " + std::to_string(size),
                         path);
    }
    return FileState::Present;
}

} // namespace xylem::store
