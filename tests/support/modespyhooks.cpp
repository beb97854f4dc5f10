// The C library calls a ModeSpy (modespy.h) stands in front of. This file includes no C
// library header on purpose: their declarations of these functions carry attributes and
// exception specifications the definitions here would have to repeat exactly. Each hook notes
// what the folder looks like, then makes the system call itself.

#include <sys/syscall.h>

namespace {
const int kAtCurrentFolder = -100; // AT_FDCWD
} // namespace

extern "C" {

long syscall(long number, ...);
int fchmodat(int folder, const char* path, unsigned int mode, int flags);
int renameat(int oldFolder, const char* oldPath, int newFolder, const char* newPath);

void xylemModeSpyNote(const char* call); // modespy.cpp

int chmod(const char* path, unsigned int mode)
{
    xylemModeSpyNote("chmod");
    return fchmodat(kAtCurrentFolder, path, mode, 0);
}

int fchmod(int fd, unsigned int mode)
{
    xylemModeSpyNote("fchmod");
    return static_cast<int>(syscall(SYS_fchmod, fd, mode));
}

int fsync(int fd)
{
    xylemModeSpyNote("fsync");
    return static_cast<int>(syscall(SYS_fsync, fd));
}

int rename(const char* from, const char* to)
{
    xylemModeSpyNote("rename");
    return renameat(kAtCurrentFolder, from, kAtCurrentFolder, to);
}

int bind(int fd, const void* address, unsigned int length)
{
    const int result = static_cast<int>(syscall(SYS_bind, fd, address, length));
    xylemModeSpyNote("bind");
    return result;
}

} // extern "C"
