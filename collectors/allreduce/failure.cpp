#include "collectors/allreduce/failure.h"

#include <cstdio>
#include <unistd.h>

namespace xylem::allreduce {

void failRun(const std::string& message)
{
    std::fprintf(stderr, "xylem-gsum: %s\n", message.c_str());
    std::fflush(stderr);
    ::_exit(kPeerLostExitCode); // other threads are blocked in greds: no orderly unwinding
}

} // namespace xylem::allreduce
