#pragma once

// The rendezvous of one --adapt candidate after the first (adaptiveruntime.h): each candidate's
// runtime listens on its own port and connects its own paths, so its hosts meet under their
// own names: host H of candidate k is "H.adapt-k" in the run's rendezvous (in a run directory:
// H.adapt-k.address, H.adapt-k.ready). Every host starts its candidates in the same order, so
// each start meets the same candidate's hosts.

#include "collectors/allreduce/rendezvous.h"

#include <string>
#include <vector>

namespace xylem::allreduce {

class CandidateRendezvous : public Rendezvous
{
public:
    CandidateRendezvous(Rendezvous& run, int candidate)
        : m_run(run)
        , m_suffix(".adapt-" + std::to_string(candidate))
    {
    }

    Result<Ok> publishAddress(const std::string& host, const Address& address) override
    {
        return m_run.publishAddress(host + m_suffix, address);
    }
    Result<Address> waitForAddress(const std::string& host,
                                   std::chrono::milliseconds timeout) override
    {
        return m_run.waitForAddress(host + m_suffix, timeout);
    }
    Result<Ok> markReady(const std::string& host) override
    {
        return m_run.markReady(host + m_suffix);
    }
    Result<Ok> waitForReady(const std::vector<std::string>& hosts,
                            std::chrono::milliseconds timeout) override
    {
        std::vector<std::string> named;
        for (const std::string& h : hosts) {
            named.push_back(h + m_suffix);
        }
        return m_run.waitForReady(named, timeout);
    }

private:
    Rendezvous& m_run;
    std::string m_suffix;
};

} // namespace xylem::allreduce
