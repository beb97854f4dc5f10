// CollectorService::handle: one request frame in, its response frame out.

#include "collectors/collector/collectorservice.h"

namespace xylem::collector {

namespace {

using protocol::MessageType;

std::vector<std::uint8_t> errorFrame(const Error& e)
{
    return protocol::frameOf(
        MessageType::Error,
        protocol::ErrorMessage{static_cast<std::uint32_t>(e.code), e.describe()});
}

std::vector<std::uint8_t> ack()
{
    return protocol::encodeFrame(MessageType::Ack, 0, {});
}

template <typename Reply>
std::vector<std::uint8_t> replyOrError(MessageType type, const Result<Reply>& reply)
{
    return reply ? protocol::frameOf(type, reply.value()) : errorFrame(reply.error());
}

std::vector<std::uint8_t> ackOrError(const Result<Ok>& done)
{
    return done ? ack() : errorFrame(done.error());
}

} // namespace

std::vector<std::uint8_t> CollectorService::handle(ClientId client, const protocol::Frame& frame)
{
    const std::span<const std::uint8_t> p = frame.payload;
    switch (frame.type) {
    case MessageType::RegisterRing: {
        auto m = protocol::decodeRegisterRing(p);
        if (m) {
            registerRing(m->ringName);
        } else {
            note("garbage registration: " + m.error().describe());
        }
        return {}; // probes do not wait for an answer
    }
    case MessageType::Hello:
        return protocol::decodeHello(p) ? protocol::frameOf(MessageType::Welcome, welcome())
                                        : errorFrame(protocol::decodeHello(p).error());
    case MessageType::ListRings:
        return protocol::frameOf(MessageType::RingList, listRings());
    case MessageType::SetPolicy: {
        auto m = protocol::decodeSetPolicy(p);
        return m ? ackOrError(setPolicy(m.value())) : errorFrame(m.error());
    }
    case MessageType::ReadTuples: {
        auto m = protocol::decodeReadTuples(p);
        return m ? protocol::frameOf(MessageType::TupleBatch, readTuples(client, m->maxTuples))
                 : errorFrame(m.error());
    }
    case MessageType::ReadSamples: {
        auto m = protocol::decodeReadSamples(p);
        return m ? protocol::frameOf(MessageType::SampleBatch, readSamples(m.value()))
                 : errorFrame(m.error());
    }
    case MessageType::InstallFilter: {
        auto m = protocol::decodeInstallFilter(p);
        return m ? ackOrError(installFilter(client, m.value())) : errorFrame(m.error());
    }
    case MessageType::PollFilter: {
        auto m = protocol::decodePollFilter(p);
        return m ? replyOrError(MessageType::FilterResult, pollFilter(client, m->filter))
                 : errorFrame(m.error());
    }
    case MessageType::RemoveFilter: {
        auto m = protocol::decodeRemoveFilter(p);
        return m ? ackOrError(removeFilter(client, m->filter)) : errorFrame(m.error());
    }
    default:
        return errorFrame(
            makeError(ErrorCode::InvalidArgument, "a collector does not answer " +
                                                      std::string(protocol::toString(frame.type))));
    }
}

} // namespace xylem::collector
