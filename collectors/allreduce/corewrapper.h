#pragma once

// The root that stores the reduced value (PastSet's element in PATHS) and returns it.

#include "collectors/allreduce/wrapper.h"

#include <mutex>

namespace xylem::allreduce {

class CoreWrapper final : public RuntimeWrapper
{
public:
    Payload call(CallContext&, int, std::int64_t seq, Payload value) override
    {
        std::lock_guard lock(m_mutex);
        m_stored = value;
        m_storedSeq = seq;
        return value;
    }

private:
    std::mutex m_mutex;
    Payload m_stored;
    std::int64_t m_storedSeq = -1;
};

} // namespace xylem::allreduce
