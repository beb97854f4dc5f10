#include "core/tree/leafnode.h"

namespace xylem::tree {

using protocol::MessageType;

LeafNode::LeafNode(boost::asio::io_context& io, ParentAddress parent, std::string token,
                   std::uint32_t node, Hooks hooks)
    : m_io(io)
    , m_parent(io, std::move(parent), std::move(token), node)
    , m_node(node)
    , m_hooks(std::move(hooks))
{
    if (!m_hooks.sources) {
        m_hooks.sources = [node](const SourceSpec& spec) {
            return makeBuiltinSource(spec, node);
        };
    }
    if (!m_hooks.log) {
        m_hooks.log = [](const std::string&) {
        };
    }
}

Result<Ok> LeafNode::join(std::chrono::milliseconds timeout)
{
    auto welcome = m_parent.join(timeout);
    if (!welcome) {
        return welcome.error();
    }
    m_parent.serve([this](protocol::Frame& frame) { onFrame(frame); },
                   [this](const std::string& reason) {
                       if (m_ended.empty()) {
                           m_ended = "the parent went away (" + reason + ")";
                       }
                       m_io.stop();
                   });
    m_parent.send(MessageType::SubtreeReady, encode(SubtreeReadyMessage{m_node, 1, {}, {}}));
    return Ok{};
}

std::string LeafNode::run()
{
    m_io.restart();
    m_io.run();
    return m_ended;
}

void LeafNode::onFrame(protocol::Frame& frame)
{
    switch (frame.type) {
    case MessageType::OpenStream:
        if (auto spec = decodeStreamSpec(frame.payload)) {
            openStream(spec.value());
        } else {
            m_hooks.log(spec.error().message);
        }
        return;
    case MessageType::CloseStream:
        if (auto m = decodeCloseStream(frame.payload)) {
            m_streams.erase(m->stream);
        }
        return;
    case MessageType::Pull:
        if (auto m = decodePull(frame.payload)) {
            answer(m.value());
        } else {
            m_hooks.log(m.error().message);
        }
        return;
    case MessageType::Control:
        if (auto m = decodeControl(frame.payload); m && m_hooks.control) {
            m_hooks.control(m.value());
        }
        return;
    case MessageType::MeasureClocks:
        return; // the parent measures a leaf; nothing below to ask
    case MessageType::Shutdown:
        m_ended = "shut down by the front-end";
        m_parent.close("shutdown");
        m_io.stop();
        return;
    default:
        m_hooks.log("unexpected " + std::string(protocol::toString(frame.type)) +
                    " from the parent; ignored");
    }
}

void LeafNode::openStream(const StreamSpec& spec)
{
    Stream stream{spec, nullptr, nullptr};
    if (auto source = m_hooks.sources(spec.source)) {
        stream.source = std::move(source).value();
    } else {
        m_hooks.log("stream " + std::to_string(spec.id) + ": " + source.error().message);
    }
    if (spec.filterAtLeaves) {
        if (auto filter = m_filters.resolve(spec.filter)) {
            stream.filter = filter.value();
        } else {
            m_hooks.log("stream " + std::to_string(spec.id) + ": " + filter.error().message);
        }
    }
    m_streams[spec.id] = std::move(stream);
}

void LeafNode::answer(const PullMessage& pull)
{
    const auto it = m_streams.find(pull.stream);
    for (std::uint64_t wave = pull.firstWave; wave < pull.firstWave + pull.count; ++wave) {
        WaveDataMessage data{pull.stream, wave, {}, {}};
        Result<gather::Batch> batch = makeError(ErrorCode::InvalidArgument, "stream not open here");
        if (it != m_streams.end() && it->second.source) {
            batch = it->second.source->produce(wave);
            if (batch && it->second.filter) {
                batch = it->second.filter(std::span(&batch.value(), 1),
                                          it->second.spec.filter.arguments);
            }
        }
        if (batch) {
            data.batch = std::move(batch).value();
        } else {
            data.batch.contributors = 0;
            data.missing = {m_node};
        }
        m_parent.send(MessageType::WaveData, encode(data));
    }
}

} // namespace xylem::tree
