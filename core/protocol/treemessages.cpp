#include "core/protocol/treemessages.h"

#include "core/protocol/batchcodec.h"
#include "core/protocol/wire.h"

namespace xylem::protocol {

namespace {
constexpr size_t kMaxName = 4096;
constexpr size_t kMaxHost = 255;
constexpr size_t kMaxArguments = 1u << 20;
constexpr std::int64_t kMaxPullCount = 1 << 20;
} // namespace

// Each message's fields, once: the encoder and the decoder below both follow them (wire.h).

template <class V, DescribedAs<TreeHelloMessage> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("nonce", m.nonce);
}

template <class V, DescribedAs<TreeWelcomeMessage> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("topologyJson", m.topologyJson, MaxSize{kMaxDocument});
    v("leavesAttach", m.leavesAttach);
}

template <class V, DescribedAs<NodeAddress> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("ip", m.ip, MaxSize{64});
    v("port", m.port);
}

template <class V, DescribedAs<SubtreeReadyMessage> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("nodes", m.nodes);
    v("missing", m.missing);
    v("listening", m.listening);
}

// The filter's library comes last: it was added after the rest.
template <class V, DescribedAs<StreamSpec> M> void fields(V& v, M& m)
{
    v("id", m.id);
    v("filter.name", m.filter.name, MaxSize{kMaxName});
    v("filter.arguments", m.filter.arguments, MaxSize{kMaxArguments});
    v("sync.mode", m.sync.mode, Range{0, static_cast<std::int64_t>(gather::SyncMode::DoNotWait)});
    v("sync.timeout", m.sync.timeout, Range{0, std::numeric_limits<std::int64_t>::max()});
    v("source.name", m.source.name, MaxSize{kMaxName});
    v("source.arguments", m.source.arguments, MaxSize{kMaxArguments});
    v("gathering", m.gathering, Range{0, 1});
    v("filterAtLeaves", m.filterAtLeaves);
    v("filter.library", m.filter.library, MaxSize{kMaxName});
}

template <class V, DescribedAs<CloseStreamMessage> M> void fields(V& v, M& m)
{
    v("stream", m.stream);
}

template <class V, DescribedAs<PullMessage> M> void fields(V& v, M& m)
{
    v("stream", m.stream);
    v("firstWave", m.firstWave);
    v("count", m.count, Range{1, kMaxPullCount});
}

template <class V, DescribedAs<WaveDataMessage> M> void fields(V& v, M& m)
{
    v("stream", m.stream);
    v("wave", m.wave);
    v("missing", m.missing);
    v("batch", m.batch);
}

template <class V, DescribedAs<ControlMessage> M> void fields(V& v, M& m)
{
    v("command", m.command, MaxSize{kMaxName});
    v("argument", m.argument, MaxSize{kMaxDocument});
}

template <class V, DescribedAs<PingMessage> M> void fields(V& v, M& m)
{
    v("id", m.id);
}

template <class V, DescribedAs<PongMessage> M> void fields(V& v, M& m)
{
    v("id", m.id);
    v("clockNs", m.clockNs);
}

template <class V, DescribedAs<NodesMessage> M> void fields(V& v, M& m)
{
    v("nodes", m.nodes);
    v("reason", m.reason, MaxSize{kMaxName});
}

template <class V, DescribedAs<ClockOffset> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("offsetNs", m.offsetNs);
    v("errorNs", m.errorNs);
}

template <class V, DescribedAs<ClockReportMessage> M> void fields(V& v, M& m)
{
    v("offsets", m.offsets);
}

template <class V, DescribedAs<TreeLocateMessage> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("host", m.host, MaxSize{kMaxHost});
    v("rank", m.rank);
    v("jobIndex", m.jobIndex);
}

template <class V, DescribedAs<TreeLocatedMessage> M> void fields(V& v, M& m)
{
    v("node", m.node);
    v("parent", m.parent);
    v("host", m.host, MaxSize{kMaxHost});
    v("port", m.port);
    v("leafHost", m.leafHost, MaxSize{kMaxHost});
}

std::string claimOf(const TreeHelloMessage& m)
{
    return "tree node " + std::to_string(m.node);
}

#define XYLEM_TREE_CODEC(Type, Name)                                                               \
    std::vector<std::uint8_t> encode(const Type& m)                                                \
    {                                                                                              \
        return encodeFields(m);                                                                    \
    }                                                                                              \
    Result<Type> decode##Name(std::span<const std::uint8_t> payload)                               \
    {                                                                                              \
        return decodeFields<Type>(payload, #Name);                                                 \
    }

XYLEM_TREE_CODEC(TreeHelloMessage, TreeHello)
XYLEM_TREE_CODEC(TreeWelcomeMessage, TreeWelcome)
XYLEM_TREE_CODEC(SubtreeReadyMessage, SubtreeReady)
XYLEM_TREE_CODEC(CloseStreamMessage, CloseStream)
XYLEM_TREE_CODEC(PullMessage, Pull)
XYLEM_TREE_CODEC(WaveDataMessage, WaveData)
XYLEM_TREE_CODEC(ControlMessage, Control)
XYLEM_TREE_CODEC(PingMessage, Ping)
XYLEM_TREE_CODEC(PongMessage, Pong)
XYLEM_TREE_CODEC(NodesMessage, Nodes)
XYLEM_TREE_CODEC(ClockReportMessage, ClockReport)
XYLEM_TREE_CODEC(TreeLocateMessage, TreeLocate)
XYLEM_TREE_CODEC(TreeLocatedMessage, TreeLocated)

#undef XYLEM_TREE_CODEC

// OpenStream carries a StreamSpec.
std::vector<std::uint8_t> encode(const StreamSpec& m)
{
    return encodeFields(m);
}

Result<StreamSpec> decodeStreamSpec(std::span<const std::uint8_t> payload)
{
    return decodeFields<StreamSpec>(payload, "OpenStream");
}

} // namespace xylem::protocol
