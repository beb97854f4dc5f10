#include "tests/support/modespy.h"

#include <cerrno>
#include <cstdio>
#include <dirent.h>
#include <fcntl.h>
#include <mutex>
#include <sys/stat.h>

namespace {

// The one spy watching: the hooks are plain C functions with nowhere else to find it.
std::mutex g_mutex;
std::string g_folder;
int g_calls = 0;
std::vector<std::string> g_exposed;

void noteFolder(const char* call)
{
    DIR* dir = ::opendir(g_folder.c_str());
    if (dir == nullptr) {
        return;
    }
    while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        struct stat st
        {
        };
        if (name == "." || name == ".." ||
            ::fstatat(::dirfd(dir), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            S_ISDIR(st.st_mode) || S_ISLNK(st.st_mode) || (st.st_mode & 077) == 0) {
            continue;
        }
        char mode[8];
        std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
        g_exposed.push_back(name + " mode " + mode + " at " + call);
    }
    ::closedir(dir);
}

} // namespace

extern "C" void xylemModeSpyNote(const char* call)
{
    const int saved = errno; // the hooks' callers look at errno after the real call only
    {
        std::lock_guard lock(g_mutex);
        if (!g_folder.empty()) {
            ++g_calls;
            noteFolder(call);
        }
    }
    errno = saved;
}

namespace xylem::testing {

ModeSpy::ModeSpy(std::string folder)
{
    std::lock_guard lock(g_mutex);
    g_folder = std::move(folder);
    g_calls = 0;
    g_exposed.clear();
}

ModeSpy::~ModeSpy()
{
    std::lock_guard lock(g_mutex);
    g_folder.clear();
}

int ModeSpy::calls() const
{
    std::lock_guard lock(g_mutex);
    return g_calls;
}

std::vector<std::string> ModeSpy::exposed() const
{
    std::lock_guard lock(g_mutex);
    return g_exposed;
}

} // namespace xylem::testing
