#pragma once

// The rendezvous (rendezvous.h) through a directory: each host writes its listening address
// into a shared directory (a temporary one for a local cluster, a shared file system across
// machines) and marks itself ready once its paths are connected; a fixed address file can
// replace the first half when ports are chosen by hand (across machines or network namespaces).

#include "collectors/allreduce/rendezvous.h"
#include "core/model/result.h"

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace xylem::allreduce {

class RunDirectory : public Rendezvous
{
public:
    explicit RunDirectory(std::string path)
        : m_path(std::move(path))
    {
    }

    // Addresses given up front ("host ip port" per line) instead of published ones.
    Result<Ok> useAddressFile(const std::string& file);

    Result<Ok> publishAddress(const std::string& host, const Address& address) override;
    Result<Address> waitForAddress(const std::string& host,
                                   std::chrono::milliseconds timeout) override;
    Result<Ok> markReady(const std::string& host) override;
    Result<Ok> waitForReady(const std::vector<std::string>& hosts,
                            std::chrono::milliseconds timeout) override;

    // The fixed address of a host, if an address file gave one.
    const std::map<std::string, Address>& fixedAddresses() const { return m_fixed; }
    const std::string& path() const { return m_path; }

private:
    Result<Ok> writeAtomically(const std::string& name, const std::string& text) const;

    std::string m_path;
    std::map<std::string, Address> m_fixed;
};

} // namespace xylem::allreduce
