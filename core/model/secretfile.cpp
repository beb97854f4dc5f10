#include "core/model/secretfile.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <random>
#include <sys/stat.h>
#include <unistd.h>

namespace xylem {

namespace {

Error systemError(const std::string& what, const std::string& path)
{
    return makeError(ErrorCode::IoError, what + ": " + std::strerror(errno), path);
}

std::string folderOf(const std::string& path)
{
    const size_t slash = path.rfind('/');
    return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

// A name nobody can guess beside `path`; O_EXCL makes a planted file or link there harmless
// anyway, the randomness keeps it from blocking the write.
std::string temporaryName(const std::string& path)
{
    std::random_device device;
    char suffix[20];
    std::snprintf(suffix, sizeof suffix, ".%08x%08x", device(), device());
    const size_t slash = path.rfind('/');
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::string folder = folderOf(path);
    return (folder == "/" ? "" : folder) + "/." + name + suffix + ".part";
}

int createPrivate(const std::string& path, std::string& temporary)
{
    for (int attempt = 0; attempt < 16; ++attempt) {
        temporary = temporaryName(path);
        const int fd =
            ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 || errno != EEXIST) {
            return fd;
        }
    }
    return -1;
}

bool writeAll(int fd, const std::string& text)
{
    for (size_t done = 0; done < text.size();) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return false;
        }
        done += static_cast<size_t>(n);
    }
    return true;
}

std::string octal(mode_t mode)
{
    char text[8];
    std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
    return text;
}

// Why the open file may not hold a secret, or "" if it may.
std::string refusal(const struct stat& st, const std::string& path, std::size_t maxBytes)
{
    if (!S_ISREG(st.st_mode)) {
        return "not a regular file";
    }
    if (st.st_uid != ::geteuid()) {
        return "it belongs to user " + std::to_string(st.st_uid) + ", not to this user (" +
               std::to_string(::geteuid()) + "): a secret is read only from one's own file";
    }
    if ((st.st_mode & 077) != 0) {
        return "group or others may read or change it (mode " + octal(st.st_mode) +
               "): run chmod 600 " + path;
    }
    if (static_cast<std::uintmax_t>(st.st_size) > maxBytes) {
        return "it is larger than " + std::to_string(maxBytes) + " bytes";
    }
    return {};
}

// At most maxBytes + 1 bytes, so that a file growing under the reader is still refused.
std::optional<std::string> readBounded(int fd, std::size_t maxBytes)
{
    std::string text;
    char chunk[65536];
    while (text.size() <= maxBytes) {
        const ssize_t n = ::read(fd, chunk, std::min(sizeof chunk, maxBytes + 1 - text.size()));
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n < 0) {
            return std::nullopt;
        }
        if (n == 0) {
            break;
        }
        text.append(chunk, static_cast<size_t>(n));
    }
    return text;
}

} // namespace

Result<Ok> writeSecretFile(const std::string& path, const std::string& text)
{
    std::string temporary;
    const int fd = createPrivate(path, temporary);
    if (fd < 0) {
        return systemError("cannot create a private file beside it", path);
    }
    // The umask may only have taken bits away: make it exactly 0600 before anything is in it.
    bool ok = ::fchmod(fd, 0600) == 0 && writeAll(fd, text) && ::fsync(fd) == 0;
    Error failure = ok ? Error{} : systemError("cannot write the file", path);
    if (::close(fd) != 0 && ok) {
        ok = false;
        failure = systemError("cannot write the file", path);
    }
    if (ok && ::rename(temporary.c_str(), path.c_str()) != 0) {
        ok = false;
        failure = systemError("cannot put the file in place", path);
    }
    if (!ok) {
        ::unlink(temporary.c_str());
        return failure;
    }
    return Ok{};
}

Result<std::string> readSecretFile(const std::string& path, std::size_t maxBytes)
{
    // O_NONBLOCK: a FIFO planted under the name must not hang the reader before fstat sees it.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ELOOP) {
            return makeError(ErrorCode::InvalidArgument,
                             "a symbolic link: give the file itself, of mode 0600", path);
        }
        return makeError(errno == ENOENT ? ErrorCode::NotFound : ErrorCode::IoError,
                         std::string("cannot open: ") + std::strerror(errno), path);
    }
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0) {
        const Error e = systemError("cannot read", path);
        ::close(fd);
        return e;
    }
    if (const std::string why = refusal(st, path, maxBytes); !why.empty()) {
        ::close(fd);
        return makeError(ErrorCode::InvalidArgument, why, path);
    }
    auto text = readBounded(fd, maxBytes);
    const int readErrno = errno;
    ::close(fd);
    if (!text) {
        errno = readErrno;
        return systemError("cannot read", path);
    }
    if (text->size() > maxBytes) {
        return makeError(ErrorCode::InvalidArgument,
                         "it is larger than " + std::to_string(maxBytes) + " bytes", path);
    }
    return std::move(*text);
}

} // namespace xylem
