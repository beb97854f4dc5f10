#pragma once

// What every fuzz target shares: a broken promise of a decoder (a message that decodes but does
// not encode back to itself, a value out of the bounds it promises) stops the run the way a
// sanitizer report does, so libFuzzer keeps the input; and a temporary file that the store and
// OTF2 targets hand to the real code by path.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <unistd.h>

namespace xylem::fuzz {

// Aborts with what broke when ok is false (an abort is a finding to libFuzzer).
inline void require(bool ok, const char* what)
{
    if (!ok) {
        std::fprintf(stderr, "fuzz: broken promise: %s\n", what);
        std::abort();
    }
}

// A path under TMPDIR (or /tmp) private to this process, removed with the object.
class TempPath
{
public:
    explicit TempPath(const std::string& suffix)
    {
        const char* tmp = std::getenv("TMPDIR");
        m_path = std::filesystem::path(tmp && *tmp ? tmp : "/tmp") /
                 ("xylem-fuzz-" + std::to_string(::getpid()) + suffix);
    }
    ~TempPath()
    {
        std::error_code ignored;
        std::filesystem::remove_all(m_path, ignored);
    }
    TempPath(const TempPath&) = delete;
    TempPath& operator=(const TempPath&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

inline void writeFile(const std::filesystem::path& path, std::span<const std::uint8_t> bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    require(out.good(), "the fuzz input could not be written to a temporary file");
}

} // namespace xylem::fuzz
