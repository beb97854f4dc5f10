#include "collectors/allreduce/pathservice.h"

#include "collectors/allreduce/failure.h"
#include "core/protocol/allreducemessages.h"

#include <optional>

namespace xylem::allreduce {

PathService::PathService(std::string name, FramedSocket socket, Edge edge, LinkEmulation link,
                         probe::Probe* probe, RecordingSchedule schedule)
    : m_name(std::move(name))
    , m_socket(std::move(socket))
    , m_edge(edge)
    , m_link(link)
    , m_probe(probe)
    , m_schedule(schedule)
{
}

PathService::~PathService()
{
    join();
}

void PathService::start()
{
    m_thread = std::thread([this] { serve(); });
}

void PathService::join()
{
    if (m_thread.joinable()) {
        m_thread.join();
    }
}

void PathService::serve()
{
    std::optional<probe::ThreadRecorder> recorder;
    if (m_probe) {
        auto attached = m_probe->attachThread("service " + m_name);
        if (!attached) {
            failRun(m_name + ": cannot make a ring: " + attached.error().describe());
        }
        recorder.emplace(std::move(attached).value());
    }
    CallContext context{recorder ? &*recorder : nullptr, m_schedule};
    for (;;) {
        auto frame = m_socket.receive();
        if (!frame) {
            failRun(m_name + ": " + frame.error().message + " (the host at the other end died?)");
        }
        if (frame->type == protocol::MessageType::PathGoodbye) {
            m_socket.close();
            return;
        }
        auto request = frame->type == protocol::MessageType::AllreduceRequest
                           ? protocol::decodeAllreduce(frame->payload)
                           : Result<protocol::AllreduceMessage>(
                                 makeError(ErrorCode::MalformedInput, "not a call"));
        if (!request) {
            failRun(m_name + ": " + request.error().message);
        }
        if (recorder && m_schedule.alternateBlock > 0) { // the monitor rests while unrecorded
            recorder->ring().setMonitorPaused(!m_schedule.records(request->seq));
        }
        Payload result = m_edge.cross(context, request->seq, std::move(request->values));
        const std::vector<std::uint8_t> reply =
            protocol::encode(protocol::AllreduceMessage{request->seq, std::move(result)});
        m_link.delay(reply.size()); // the up direction of an emulated WAN link
        if (auto ok = m_socket.send(protocol::MessageType::AllreduceReply, reply); !ok) {
            failRun(m_name + ": " + ok.error().message);
        }
    }
}

} // namespace xylem::allreduce
