#pragma once

// How the host processes of one run find each other at start-up: each publishes the address it
// listens on, learns the addresses of the hosts it connects to, says when its paths are
// connected and waits until every host has. Two ways behind one interface: a run directory
// (files, rundirectory.h: one machine, or a shared file system) and the launch's pipes
// (stdiorendezvous.h: across machines started by ssh and the like, nothing shared).

#include "core/model/result.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xylem::allreduce {

struct Address
{
    std::string ip;
    std::uint16_t port = 0;
};

// An address from its text: a non-empty ip and a port from 1 to 65535; nullopt otherwise.
std::optional<Address> parseAddress(const std::string& ip, const std::string& port);

class Rendezvous
{
public:
    virtual ~Rendezvous() = default;

    virtual Result<Ok> publishAddress(const std::string& host, const Address& address) = 0;
    virtual Result<Address> waitForAddress(const std::string& host,
                                           std::chrono::milliseconds timeout) = 0;
    virtual Result<Ok> markReady(const std::string& host) = 0;
    // Every host of `hosts` ready (this one included), or an error naming one that is not.
    virtual Result<Ok> waitForReady(const std::vector<std::string>& hosts,
                                    std::chrono::milliseconds timeout) = 0;
};

} // namespace xylem::allreduce
