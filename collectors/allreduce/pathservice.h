#pragma once

// The service thread on a proxy's parent host: receives the calls of one path and continues
// them down through the proxy's own edge (recorded here, where its collector lives), then sends
// the result back up. Ends at the stub's goodbye; any other end of the connection ends the run.

#include "collectors/allreduce/framedsocket.h"
#include "collectors/allreduce/wanemulation.h"
#include "collectors/allreduce/wrapper.h"

#include <string>
#include <thread>

namespace xylem::allreduce {

class PathService
{
public:
    PathService(std::string name, FramedSocket socket, Edge edge, LinkEmulation link,
                probe::Probe* probe, RecordingSchedule schedule);
    PathService(const PathService&) = delete;
    PathService& operator=(const PathService&) = delete;
    ~PathService();

    void start();
    void join();

private:
    void serve();

    std::string m_name;
    FramedSocket m_socket;
    Edge m_edge;
    LinkEmulation m_link;
    probe::Probe* m_probe; // null when uninstrumented
    RecordingSchedule m_schedule;
    std::thread m_thread;
};

} // namespace xylem::allreduce
