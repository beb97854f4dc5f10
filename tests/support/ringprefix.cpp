#include "tests/support/ringprefix.h"

#include <filesystem>
#include <sys/mman.h>
#include <unistd.h>

namespace xylem::testing {

void sweepShm(const std::string& prefix)
{
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(prefix)) {
            ::shm_unlink(("/" + name).c_str());
        }
    }
}

RingPrefix::RingPrefix(const std::string& name)
    : m_prefix("xylem-test-" + std::to_string(::getpid()) + "-" + name + "-")
{
    sweep();
}

RingPrefix::~RingPrefix()
{
    sweep();
}

void RingPrefix::sweep() const
{
    sweepShm(m_prefix);
}

int RingPrefix::count() const
{
    int n = 0;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm", ec)) {
        n += entry.path().filename().string().starts_with(m_prefix) ? 1 : 0;
    }
    return n;
}

} // namespace xylem::testing
