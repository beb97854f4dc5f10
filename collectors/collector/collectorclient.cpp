#include "collectors/collector/collectorclient.h"

#include <cerrno>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <utility>

namespace xylem::collector {

using protocol::MessageType;

Result<CollectorClient> CollectorClient::connect(const std::string& socketPath,
                                                 std::chrono::milliseconds timeout)
{
    sockaddr_un address{};
    if (socketPath.size() >= sizeof address.sun_path) {
        return makeError(ErrorCode::InvalidArgument, "socket path too long", socketPath);
    }
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path, socketPath.c_str(), socketPath.size() + 1);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        const Error e =
            makeError(ErrorCode::IoError,
                      std::string("no collector listens: ") + std::strerror(errno), socketPath);
        if (fd >= 0) {
            ::close(fd);
        }
        return e;
    }
    return CollectorClient(fd, timeout);
}

CollectorClient::CollectorClient(CollectorClient&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_timeout(other.m_timeout)
    , m_decoder(std::move(other.m_decoder))
    , m_pending(std::move(other.m_pending))
{
}

CollectorClient& CollectorClient::operator=(CollectorClient&& other) noexcept
{
    if (this != &other) {
        if (m_fd >= 0) {
            ::close(m_fd);
        }
        m_fd = std::exchange(other.m_fd, -1);
        m_timeout = other.m_timeout;
        m_decoder = std::move(other.m_decoder);
        m_pending = std::move(other.m_pending);
    }
    return *this;
}

CollectorClient::~CollectorClient()
{
    if (m_fd >= 0) {
        ::close(m_fd);
    }
}

Result<Ok> CollectorClient::sendBytes(std::span<const std::uint8_t> bytes)
{
    size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(m_fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return makeError(ErrorCode::IoError,
                             std::string("cannot send to the collector: ") + std::strerror(errno));
        }
        sent += static_cast<size_t>(n);
    }
    return Ok{};
}

Result<protocol::Frame> CollectorClient::receive()
{
    std::uint8_t buffer[64 * 1024];
    while (m_pending.empty()) {
        pollfd p{m_fd, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(m_timeout.count()));
        if (ready == 0) {
            return makeError(ErrorCode::IoError, "the collector did not answer in time");
        }
        const ssize_t n = ready < 0 ? -1 : ::recv(m_fd, buffer, sizeof buffer, 0);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return makeError(ErrorCode::IoError, "the collector closed the connection");
        }
        if (auto ok = m_decoder.feed(std::span(buffer, static_cast<size_t>(n)), m_pending); !ok) {
            return ok.error();
        }
    }
    protocol::Frame frame = std::move(m_pending.front());
    m_pending.erase(m_pending.begin());
    return frame;
}

Result<protocol::Frame> CollectorClient::request(MessageType type,
                                                 std::span<const std::uint8_t> payload,
                                                 MessageType expected)
{
    if (auto ok = sendBytes(protocol::encodeFrame(type, 0, payload)); !ok) {
        return ok.error();
    }
    auto reply = receive();
    if (!reply) {
        return reply.error();
    }
    if (reply->type == MessageType::Error) {
        auto e = protocol::decodeError(reply->payload);
        return makeError(e ? static_cast<ErrorCode>(e->code) : ErrorCode::MalformedInput,
                         e ? e->message : "unreadable error from the collector");
    }
    if (reply->type != expected) {
        return makeError(ErrorCode::MalformedInput,
                         "the collector answered " + std::string(protocol::toString(reply->type)) +
                             " to " + std::string(protocol::toString(type)));
    }
    return reply;
}

Result<Ok> CollectorClient::acknowledged(MessageType type, std::span<const std::uint8_t> payload)
{
    auto reply = request(type, payload, MessageType::Ack);
    return reply ? Result<Ok>(Ok{}) : Result<Ok>(reply.error());
}

Result<protocol::WelcomeMessage> CollectorClient::hello(const std::string& client)
{
    auto reply = request(MessageType::Hello, protocol::encode(protocol::HelloMessage{client}),
                         MessageType::Welcome);
    return reply ? protocol::decodeWelcome(reply->payload)
                 : Result<protocol::WelcomeMessage>(reply.error());
}

Result<protocol::RingListMessage> CollectorClient::listRings()
{
    auto reply = request(MessageType::ListRings, {}, MessageType::RingList);
    return reply ? protocol::decodeRingList(reply->payload)
                 : Result<protocol::RingListMessage>(reply.error());
}

Result<Ok> CollectorClient::setPolicy(const protocol::SetPolicyMessage& request)
{
    return acknowledged(MessageType::SetPolicy, protocol::encode(request));
}

Result<protocol::TupleBatchMessage> CollectorClient::readTuples(std::uint32_t maxTuples)
{
    auto reply =
        request(MessageType::ReadTuples, protocol::encode(protocol::ReadTuplesMessage{maxTuples}),
                MessageType::TupleBatch);
    return reply ? protocol::decodeTupleBatch(reply->payload)
                 : Result<protocol::TupleBatchMessage>(reply.error());
}

Result<protocol::SampleBatchMessage> CollectorClient::readSamples(std::uint64_t fromSequence,
                                                                  std::uint32_t maxSamples)
{
    auto reply = request(MessageType::ReadSamples,
                         protocol::encode(protocol::ReadSamplesMessage{fromSequence, maxSamples}),
                         MessageType::SampleBatch);
    return reply ? protocol::decodeSampleBatch(reply->payload)
                 : Result<protocol::SampleBatchMessage>(reply.error());
}

Result<Ok> CollectorClient::installFilter(const protocol::InstallFilterMessage& request)
{
    return acknowledged(MessageType::InstallFilter, protocol::encode(request));
}

Result<protocol::FilterResultMessage> CollectorClient::pollFilter(std::uint32_t filter)
{
    auto reply =
        request(MessageType::PollFilter, protocol::encode(protocol::PollFilterMessage{filter}),
                MessageType::FilterResult);
    return reply ? protocol::decodeFilterResult(reply->payload)
                 : Result<protocol::FilterResultMessage>(reply.error());
}

Result<Ok> CollectorClient::removeFilter(std::uint32_t filter)
{
    return acknowledged(MessageType::RemoveFilter,
                        protocol::encode(protocol::RemoveFilterMessage{filter}));
}

} // namespace xylem::collector
