#include "collectors/allreduce/rundirectory.h"

#include "core/model/secretfile.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

namespace xylem::allreduce {

namespace {

constexpr auto kPoll = std::chrono::milliseconds(2);

} // namespace

Result<Ok> RunDirectory::useAddressFile(const std::string& file)
{
    std::ifstream in(file);
    if (!in) {
        return makeError(ErrorCode::IoError, "cannot read the address file", file);
    }
    std::string line;
    for (int lineNo = 1; std::getline(in, line); ++lineNo) {
        std::istringstream fields(line);
        std::string host, ip, port;
        if (!(fields >> host) || host.starts_with('#')) {
            continue;
        }
        fields >> ip >> port;
        const auto address = parseAddress(ip, port);
        if (!address) {
            return makeError(ErrorCode::MalformedInput, "expected 'host ip port'",
                             file + ":" + std::to_string(lineNo));
        }
        m_fixed[host] = *address;
    }
    return Ok{};
}

Result<Ok> RunDirectory::writeAtomically(const std::string& name, const std::string& text) const
{
    // Readers never see half a file; a link planted in a shared directory under a name this
    // writer would use is not written through, and what it writes, nobody else may change.
    return writeSecretFile(m_path + "/" + name, text);
}

Result<Ok> RunDirectory::publishAddress(const std::string& host, const Address& address)
{
    return writeAtomically(host + ".address",
                           address.ip + " " + std::to_string(address.port) + "\n");
}

Result<Address> RunDirectory::waitForAddress(const std::string& host,
                                             std::chrono::milliseconds timeout)
{
    if (const auto it = m_fixed.find(host); it != m_fixed.end()) {
        return it->second;
    }
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    const std::string file = m_path + "/" + host + ".address";
    for (;;) {
        // Only this user's own file that nobody else could have written: another user's
        // address would send the path to them (who cannot prove the run's token, but can hold
        // the start up).
        const auto text = readSecretFile(file, 4096);
        if (!text && text.error().code != ErrorCode::NotFound) {
            return makeError(text.error().code,
                             "not trusted as host " + host + "'s address: " + text.error().message,
                             file);
        }
        std::istringstream in(text ? text.value() : std::string());
        std::string ip, port;
        if (in >> ip >> port) {
            if (const auto address = parseAddress(ip, port)) {
                return *address;
            }
            return makeError(ErrorCode::MalformedInput, "malformed address of host " + host, file);
        }
        if (std::chrono::steady_clock::now() > deadline) {
            return makeError(ErrorCode::IoError,
                             "host " + host + " did not publish its address in time", file);
        }
        std::this_thread::sleep_for(kPoll);
    }
}

Result<Ok> RunDirectory::markReady(const std::string& host)
{
    return writeAtomically(host + ".ready", "ready\n");
}

Result<Ok> RunDirectory::waitForReady(const std::vector<std::string>& hosts,
                                      std::chrono::milliseconds timeout)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (const std::string& host : hosts) {
        while (!std::filesystem::exists(m_path + "/" + host + ".ready")) {
            if (std::chrono::steady_clock::now() > deadline) {
                return makeError(ErrorCode::IoError, "host " + host + " did not get ready in time",
                                 m_path);
            }
            std::this_thread::sleep_for(kPoll);
        }
    }
    return Ok{};
}

} // namespace xylem::allreduce
