#pragma once

// What a host's benchmark threads call (gsum/gsumbenchmark.h): the host's thread wrappers and
// one allreduce. HostRuntime runs every call over its one configuration; AdaptiveRuntime
// (adaptiveruntime.h, `xylem-gsum --adapt`) over whichever of its candidates is current.

#include "collectors/allreduce/wrapper.h"

#include <cstdint>
#include <vector>

namespace xylem::allreduce {

class AllreduceRuntime
{
public:
    virtual ~AllreduceRuntime() = default;
    // Thread wrappers on this host, in the (start) configuration's order.
    virtual const std::vector<int>& threads() const = 0;
    virtual Payload allreduce(CallContext& context, int threadWrapper, std::int64_t seq,
                              Payload value) = 0;
};

} // namespace xylem::allreduce
