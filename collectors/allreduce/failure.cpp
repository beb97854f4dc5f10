#include "collectors/allreduce/failure.h"

#include "collectors/nodelog/nodelog.h"

#include <unistd.h>

namespace xylem::allreduce {

void failRun(const std::string& message)
{
    nodelog::Log("xylem-gsum").error(message); // written at once: nodelog flushes every line
    ::_exit(kPeerLostExitCode); // other threads are blocked in greds: no orderly unwinding
}

} // namespace xylem::allreduce
