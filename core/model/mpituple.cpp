#include "core/model/mpituple.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <string>

namespace xylem {

namespace {

// How far (ns, enter plus exit) a details tuple may sit from its call after conversion.
constexpr std::int64_t kDetailsTolerance = 1000;

struct RankTuples
{
    std::vector<Tuple> calls;
    std::vector<Tuple> details;
    std::vector<Tuple> edges;
};

struct Sticky
{
    std::optional<std::int64_t> bytes;
    std::optional<std::int64_t> tagAndPartner;
};

bool byTime(const Tuple& a, const Tuple& b)
{
    return a.down != b.down ? a.down < b.down : a.up < b.up;
}

std::int64_t distance(const Tuple& a, const Tuple& b)
{
    return std::llabs(a.down - b.down) + std::llabs(a.up - b.up);
}

// The index of the call (same code, nearest in time) a details tuple belongs to, or -1.
std::int64_t matchCall(const std::vector<Tuple>& calls, const Tuple& details)
{
    const auto code = details.op & kMpiCallMask;
    auto at = std::lower_bound(calls.begin(), calls.end(), details, byTime);
    std::int64_t best = -1;
    std::int64_t bestDistance = kDetailsTolerance + 1;
    const auto from = at - std::min<std::ptrdiff_t>(2, at - calls.begin());
    for (auto it = from; it != calls.end() && it < at + 2; ++it) {
        if ((it->op & kMpiCallMask) == code && distance(*it, details) < bestDistance) {
            bestDistance = distance(*it, details);
            best = it - calls.begin();
        }
    }
    return best;
}

// The call (same code) whose enter..exit holds a tree edge, or -1. The edge is recorded inside
// its call; after conversion it may stick out by a nanosecond or two, so among the neighbours
// the call it sticks out of least is taken, up to the details' tolerance (back-to-back calls
// are closer than that: one that holds the edge wholly always wins).
std::int64_t holdingCall(const std::vector<Tuple>& calls, const Tuple& edge)
{
    const auto code = edge.op & kMpiCallMask;
    const Tuple probe{0, edge.down + kDetailsTolerance, std::numeric_limits<std::int64_t>::max()};
    auto at = std::upper_bound(calls.begin(), calls.end(), probe, byTime);
    std::int64_t best = -1;
    std::int64_t bestOutside = kDetailsTolerance + 1;
    for (int back = 0; back < 4 && at != calls.begin(); ++back) {
        --at;
        if ((at->op & kMpiCallMask) != code) {
            continue;
        }
        const std::int64_t outside =
            std::max<std::int64_t>(0, at->down - edge.down) + std::max<std::int64_t>(0, edge.up - at->up);
        if (outside < bestOutside) {
            bestOutside = outside;
            best = at - calls.begin();
        }
    }
    return best;
}

MpiEvent eventOf(const Tuple& t)
{
    MpiEvent e;
    e.enter = t.down;
    e.exit = t.up;
    e.seq = t.seq & kMpiSeqMask;
    e.communicator = static_cast<std::int32_t>(t.seq >> kMpiSeqBits);
    e.rank = static_cast<std::int32_t>(t.collector);
    e.call = static_cast<MpiCall>(t.op & kMpiCallMask);
    e.completes = static_cast<MpiCompletion>((t.op & kMpiCompletionMask) >> kMpiCompletionShift);
    e.partner = t.ret;
    return e;
}

// The tree edges of one rank with their calls' communicator and seq; how many had no call.
std::int64_t decodeEdges(const RankTuples& r, std::vector<MpiTreeEdge>& out)
{
    std::int64_t unmatched = 0;
    for (const Tuple& t : r.edges) {
        const std::int64_t i = holdingCall(r.calls, t);
        if (i < 0) {
            ++unmatched;
            continue;
        }
        const Tuple& call = r.calls[static_cast<std::size_t>(i)];
        const bool atParent = (t.op & kMpiTreeEdgeAtParent) != 0;
        const auto recorder = static_cast<std::int32_t>(t.collector);
        const auto other = static_cast<std::int32_t>(t.seq);
        out.push_back(MpiTreeEdge{t.down, t.up, call.seq & kMpiSeqMask,
                                  atParent ? other : recorder, atParent ? recorder : other,
                                  static_cast<std::int32_t>(call.seq >> kMpiSeqBits),
                                  static_cast<MpiCall>(t.op & kMpiCallMask), atParent});
    }
    return unmatched;
}

std::int64_t decodeRank(RankTuples& r, std::vector<MpiEvent>& out)
{
    std::stable_sort(r.calls.begin(), r.calls.end(), byTime);
    std::stable_sort(r.edges.begin(), r.edges.end(), byTime);
    std::vector<Sticky> at(r.calls.size());
    std::int64_t unmatched = 0;
    for (const Tuple& d : r.details) {
        const std::int64_t i = matchCall(r.calls, d);
        if (i < 0) {
            ++unmatched;
            continue;
        }
        auto& slot = (d.op & kMpiBytesDetails) ? at[i].bytes : at[i].tagAndPartner;
        slot = d.seq;
    }
    std::int64_t bytes = 0;
    std::int64_t tagAndPartner = -1 & 0xFFFFFFFFll; // tag 0, partner -1
    for (size_t i = 0; i < r.calls.size(); ++i) {
        bytes = at[i].bytes.value_or(bytes);
        tagAndPartner = at[i].tagAndPartner.value_or(tagAndPartner);
        MpiEvent e = eventOf(r.calls[i]);
        e.bytes = bytes;
        e.tag = static_cast<std::int32_t>(tagAndPartner >> 32);
        if (r.calls[i].ret == kPartnerInDetails) {
            e.partner = static_cast<std::int32_t>(static_cast<std::uint32_t>(tagAndPartner));
        }
        out.push_back(e);
    }
    return unmatched;
}

} // namespace

Result<MpiDecodeResult> decodeMpiTuples(std::span<const Tuple> tuples)
{
    std::map<std::uint32_t, RankTuples> ranks;
    for (size_t i = 0; i < tuples.size(); ++i) {
        const Tuple& t = tuples[i];
        const int code = t.op & kMpiCallMask;
        const int flags = t.op & ~(kMpiCallMask | kMpiCompletionMask);
        const bool edge = flags == kMpiTreeEdge || flags == kMpiTreeEdgeAtParent;
        const bool knownFlags =
            flags == 0 || flags == kMpiBytesDetails || flags == kMpiTagDetails || edge;
        if (code >= kMpiCallCount || !knownFlags) {
            return makeError(
                ErrorCode::InvalidTrace, "op code " + std::to_string(t.op) + " is no MPI call",
                "tuple " + std::to_string(i) + " of rank " + std::to_string(t.collector));
        }
        auto& r = ranks[t.collector];
        (flags == 0 ? r.calls : edge ? r.edges : r.details).push_back(t);
    }
    MpiDecodeResult result;
    for (auto& [rank, r] : ranks) {
        result.unmatchedDetails += decodeRank(r, result.events);
        result.unmatchedEdges += decodeEdges(r, result.treeEdges);
    }
    return result;
}

} // namespace xylem
