#pragma once

// A blocking client of xylem-collector's socket: one request, one reply. What tests, tools and
// (until the gather tree reaches collectors itself) anything else use to talk to a collector.

#include "core/model/result.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"

#include <chrono>
#include <string>

namespace xylem::collector {

class CollectorClient
{
public:
    static Result<CollectorClient>
    connect(const std::string& socketPath,
            std::chrono::milliseconds timeout = std::chrono::seconds(10));

    CollectorClient(CollectorClient&& other) noexcept;
    CollectorClient& operator=(CollectorClient&& other) noexcept;
    CollectorClient(const CollectorClient&) = delete;
    CollectorClient& operator=(const CollectorClient&) = delete;
    ~CollectorClient();

    Result<protocol::WelcomeMessage> hello(const std::string& client);
    Result<protocol::RingListMessage> listRings();
    Result<Ok> setPolicy(const protocol::SetPolicyMessage& request);
    Result<protocol::TupleBatchMessage> readTuples(std::uint32_t maxTuples);
    Result<protocol::SampleBatchMessage> readSamples(std::uint64_t fromSequence,
                                                     std::uint32_t maxSamples = 4096);
    Result<Ok> installFilter(const protocol::InstallFilterMessage& request);
    Result<protocol::FilterResultMessage> pollFilter(std::uint32_t filter);
    Result<Ok> removeFilter(std::uint32_t filter);

    // Raw bytes, for tests of what the collector does with garbage.
    Result<Ok> sendBytes(std::span<const std::uint8_t> bytes);
    // The next frame from the collector (or an error when it closed the connection).
    Result<protocol::Frame> receive();

private:
    explicit CollectorClient(int fd, std::chrono::milliseconds timeout)
        : m_fd(fd)
        , m_timeout(timeout)
    {
    }
    Result<protocol::Frame> request(protocol::MessageType type,
                                    std::span<const std::uint8_t> payload,
                                    protocol::MessageType expected);
    Result<Ok> acknowledged(protocol::MessageType type, std::span<const std::uint8_t> payload);

    int m_fd = -1;
    std::chrono::milliseconds m_timeout;
    protocol::FrameDecoder m_decoder;
    std::vector<protocol::Frame> m_pending;
};

} // namespace xylem::collector
