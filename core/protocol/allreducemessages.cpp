#include "core/protocol/allreducemessages.h"

#include "core/protocol/wire.h"

namespace xylem::protocol {

template <class V, DescribedAs<PathHelloMessage> M> void fields(V& v, M& m)
{
    v("tree", m.tree);
    v("proxy", m.proxy);
    v("nonce", m.nonce);
}

template <class V, DescribedAs<AllreduceMessage> M> void fields(V& v, M& m)
{
    v("seq", m.seq);
    v("values", m.values, MaxSize{kMaxAllreduceValues});
}

std::string claimOf(const PathHelloMessage& m)
{
    return "gsum tree " + std::to_string(m.tree) + " proxy " + std::to_string(m.proxy);
}

std::vector<std::uint8_t> encode(const PathHelloMessage& m)
{
    return encodeFields(m);
}

Result<PathHelloMessage> decodePathHello(std::span<const std::uint8_t> payload)
{
    return decodeFields<PathHelloMessage>(payload, "PathHello");
}

std::vector<std::uint8_t> encode(const AllreduceMessage& m)
{
    return encodeFields(m);
}

Result<AllreduceMessage> decodeAllreduce(std::span<const std::uint8_t> payload)
{
    return decodeFields<AllreduceMessage>(payload, "Allreduce");
}

} // namespace xylem::protocol
