#include "collectors/allreduce/proxystub.h"

#include "collectors/allreduce/failure.h"
#include "core/protocol/allreducemessages.h"

namespace xylem::allreduce {

ProxyStub::ProxyStub(std::string name, FramedSocket socket, LinkEmulation link)
    : m_name(std::move(name))
    , m_socket(std::move(socket))
    , m_link(link)
{
}

Payload ProxyStub::call(CallContext& context, int, std::int64_t seq, Payload value)
{
    std::lock_guard lock(m_mutex);
    const std::vector<std::uint8_t> request =
        protocol::encode(protocol::AllreduceMessage{seq, std::move(value)});
    m_link.delay(request.size()); // the down direction of an emulated WAN link
    if (auto ok = m_socket.send(protocol::MessageType::AllreduceRequest, request); !ok) {
        failRun(m_name + ": " + ok.error().message + " during call " + std::to_string(seq));
    }
    // Every contribution of this host is on its way: the host only waits now (coschedule.h).
    if (context.recorder) {
        context.recorder->ring().signal(ring::CoschedulePoint::AfterSend);
    }
    auto reply = m_socket.receive();
    if (!reply) {
        failRun(m_name + ": " + reply.error().message + " during call " + std::to_string(seq));
    }
    if (reply->type != protocol::MessageType::AllreduceReply) {
        failRun(m_name + ": unexpected " + std::string(protocol::toString(reply->type)) +
                " during call " + std::to_string(seq));
    }
    auto message = protocol::decodeAllreduce(reply->payload);
    if (!message || message->seq != seq) {
        failRun(m_name + ": a malformed or mismatched reply to call " + std::to_string(seq));
    }
    return std::move(message->values);
}

void ProxyStub::finish()
{
    std::lock_guard lock(m_mutex);
    (void)m_socket.send(protocol::MessageType::PathGoodbye, {});
    m_socket.close();
}

} // namespace xylem::allreduce
