#pragma once

// A proxy's stub, on the child's host: carries the call over its own TCP connection (one per
// path, as in PATHS) to the service thread on the parent's host and returns the result. The
// connection is made at start-up; losing it during a run ends the run (failure.h).

#include "collectors/allreduce/framedsocket.h"
#include "collectors/allreduce/wanemulation.h"
#include "collectors/allreduce/wrapper.h"

#include <mutex>
#include <string>

namespace xylem::allreduce {

class ProxyStub final : public RuntimeWrapper
{
public:
    ProxyStub(std::string name, FramedSocket socket, LinkEmulation link);

    Payload call(CallContext& context, int childPosition, std::int64_t seq, Payload value) override;
    // Tells the service side that the run is over, so that its end is not taken for a failure.
    void finish();

private:
    std::string m_name; // for messages: "proxy pA of tree 0 to host B"
    FramedSocket m_socket;
    LinkEmulation m_link;
    std::mutex m_mutex; // one call at a time on a path (a proxy has one child)
};

} // namespace xylem::allreduce
