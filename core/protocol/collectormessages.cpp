#include "core/protocol/collectormessages.h"

#include "core/protocol/tuplefields.h"
#include "core/protocol/wire.h"

namespace xylem::protocol {

// Each message's fields, once: the encoder and the decoder below both follow them (wire.h).

template <class V, DescribedAs<ErrorMessage> M> void fields(V& v, M& m)
{
    v("code", m.code);
    v("message", m.message);
}

template <class V, DescribedAs<RegisterRingMessage> M> void fields(V& v, M& m)
{
    v("ringName", m.ringName, MaxSize{255}); // a shared-memory name is at most NAME_MAX
}

template <class V, DescribedAs<HelloMessage> M> void fields(V& v, M& m)
{
    v("client", m.client);
}

template <class V, DescribedAs<WelcomeMessage> M> void fields(V& v, M& m)
{
    v("host", m.host);
    v("version", m.version);
    v("pid", m.pid);
}

constexpr Range kPolicies{0, static_cast<std::int64_t>(BufferPolicy::ReplaceDrain)};

template <class V, DescribedAs<RingInfo> M> void fields(V& v, M& m)
{
    v("id", m.id);
    v("name", m.name);
    v("pid", m.pid);
    v("tid", m.tid);
    v("program", m.program);
    v("label", m.label);
    v("capacity", m.capacity);
    v("policy", m.policy, kPolicies);
    v("clock", m.clock, Range{1, 2});
    v("processAlive", m.processAlive);
    v("written", m.written);
    v("read", m.read);
    v("overwritten", m.overwritten);
}

template <class V, DescribedAs<RingListMessage> M> void fields(V& v, M& m)
{
    v("rings", m.rings);
}

template <class V, DescribedAs<SetPolicyMessage> M> void fields(V& v, M& m)
{
    v("ring", m.ring);
    v("policy", m.policy, kPolicies);
}

template <class V, DescribedAs<ReadTuplesMessage> M> void fields(V& v, M& m)
{
    v("maxTuples", m.maxTuples);
}

template <class V, DescribedAs<RingTuples> M> void fields(V& v, M& m)
{
    v("ring", m.ring);
    v("overwritten", m.overwritten);
    v("tuples", m.tuples);
}

template <class V, DescribedAs<TupleBatchMessage> M> void fields(V& v, M& m)
{
    v("rings", m.rings);
}

template <class V, DescribedAs<ReadSamplesMessage> M> void fields(V& v, M& m)
{
    v("fromSequence", m.fromSequence);
    v("maxSamples", m.maxSamples);
}

template <class V, DescribedAs<SampleRecord> M> void fields(V& v, M& m)
{
    v("host", m.host);
    v("metric", m.metric);
    v("timeNs", m.timeNs);
    v("value", m.value);
}

template <class V, DescribedAs<SampleBatchMessage> M> void fields(V& v, M& m)
{
    v("nextSequence", m.nextSequence);
    v("overwritten", m.overwritten);
    v("samples", m.samples);
}

template <class V, DescribedAs<InstallFilterMessage> M> void fields(V& v, M& m)
{
    v("filter", m.filter);
    v("kind", m.kind, Range{1, 2});
    v("configuration", m.configuration, MaxSize{kMaxDocument});
    v("host", m.host);
}

template <class V, DescribedAs<PollFilterMessage> M> void fields(V& v, M& m)
{
    v("filter", m.filter);
}

template <class V, DescribedAs<RemoveFilterMessage> M> void fields(V& v, M& m)
{
    v("filter", m.filter);
}

template <class V, DescribedAs<FilterResultMessage> M> void fields(V& v, M& m)
{
    v("filter", m.filter);
    v("calls", m.calls);
    v("resultJson", m.resultJson, MaxSize{kMaxDocument});
}

#define XYLEM_MESSAGE_CODEC(Name)                                                         \
    std::vector<std::uint8_t> encode(const Name##Message& m)                                    \
    {                                                                                              \
        return encodeFields(m);                                                                    \
    }                                                                                              \
    Result<Name##Message> decode##Name(std::span<const std::uint8_t> payload)                   \
    {                                                                                              \
        return decodeFields<Name##Message>(payload, #Name);                                     \
    }

XYLEM_MESSAGE_CODEC(Error)
XYLEM_MESSAGE_CODEC(RegisterRing)
XYLEM_MESSAGE_CODEC(Hello)
XYLEM_MESSAGE_CODEC(Welcome)
XYLEM_MESSAGE_CODEC(RingList)
XYLEM_MESSAGE_CODEC(SetPolicy)
XYLEM_MESSAGE_CODEC(ReadTuples)
XYLEM_MESSAGE_CODEC(TupleBatch)
XYLEM_MESSAGE_CODEC(ReadSamples)
XYLEM_MESSAGE_CODEC(SampleBatch)
XYLEM_MESSAGE_CODEC(InstallFilter)
XYLEM_MESSAGE_CODEC(PollFilter)
XYLEM_MESSAGE_CODEC(RemoveFilter)
XYLEM_MESSAGE_CODEC(FilterResult)

#undef XYLEM_MESSAGE_CODEC

} // namespace xylem::protocol
