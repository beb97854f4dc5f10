#pragma once

// MpiEvent <-> 32-byte Tuples: how the PMPI interposer (collectors/mpi) puts one MPI call into
// the probe's ring and how the front-end reads it back. The record path must stay one ring push
// in the common case, so what rarely changes travels in a rare "details" tuple:
//
//   call tuple    seq = communicator << 40 | call seq (collectives: per communicator; p2p: the
//                 rank's own count), down = enter, up = exit, collector = world rank,
//                 op = call code | completion << 10 (MpiCompletion: what a Wait, Test or
//                 Sendrecv finished),
//                 ret = partner (root or peer, -1 none), or kPartnerInDetails when it does not
//                 fit 16 bits
//   bytes details seq = bytes;                       op = 0x100 | call code
//   tag details   seq = tag << 32 | uint32 partner;  op = 0x200 | call code
//   tree edge     seq = the parent's world rank;     op = 0x1000 | call code, down and up as
//                 below, collector = the child's world rank (the rank that recorded it)
//   parent side   seq = the child's world rank;      op = 0x2000 | call code, collector = the
//                 parent's world rank (the rank that recorded it)
//
// A tree edge is the event collector on the edge child -> parent of Xylem's spanning tree
// inside an MPI program (collectors/mpi/treecollectives.h; metrics.md §1): the child records it
// inside its own call of that collective, down = when it handed its subtree's part to the
// parent (just before the send: Allreduce, Reduce, Barrier; Bcast: just before the receive),
// up = when the parent's part came back (just after the receive: Allreduce, Bcast, Barrier;
// Reduce, where nothing comes back: just after the send). It is pushed before the call's own
// tuple and belongs to the call of the same code on that rank whose enter..exit holds it.
// Where the edge crosses hosts (a proxy, metrics.md §1) the parent records its side as well, in
// Allreduce and Barrier: down = when the child's part had arrived (its receive completed), up =
// just before it sent its result to the child.
//
// Details tuples carry the down and up of the call they belong to and are pushed just before
// it. They are sticky: a rank's calls keep the last bytes (and tag, wide partner) announced
// until the next details tuple, so a loop of equal calls costs one push per call. Details are
// matched to their call by rank, call code and time (the collector's conversion of raw
// timestamps may move a details tuple by a nanosecond or two against its call when the two
// were converted in different reads, never past the neighbouring call).

#include "core/model/mpitrace.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace xylem {

inline constexpr int kMpiSeqBits = 40;
inline constexpr std::int64_t kMpiSeqMask = (std::int64_t(1) << kMpiSeqBits) - 1;
inline constexpr std::int32_t kMpiMaxCommunicator = (1 << 23) - 1;
inline constexpr std::uint16_t kMpiCallMask = 0x7F;
inline constexpr int kMpiCompletionShift = 10;
inline constexpr std::uint16_t kMpiCompletionMask = 0x3 << kMpiCompletionShift;
inline constexpr std::uint16_t kMpiBytesDetails = 0x100;
inline constexpr std::uint16_t kMpiTagDetails = 0x200;
inline constexpr std::uint16_t kMpiTreeEdge = 0x1000;
inline constexpr std::uint16_t kMpiTreeEdgeAtParent = 0x2000;
inline constexpr std::int16_t kPartnerInDetails = -32768;

constexpr std::int64_t mpiKey(std::int32_t communicator, std::int64_t seq)
{
    return (std::int64_t(communicator) << kMpiSeqBits) | (seq & kMpiSeqMask);
}

// The rank's side of the encoding: what its last details tuples said. One per rank (thread).
class MpiTupleEncoder
{
public:
    // The call's tuple alone when it needs no details: bytes and tag as last announced, partner
    // within 16 bits (a loop of like calls; the record path's one push). Else false: encode().
    bool encodeCall(const MpiEvent& e, Tuple& out) const noexcept
    {
        if (e.bytes != m_bytes || e.tag != m_tag || wide(e.partner)) {
            return false;
        }
        out = callTuple(e, static_cast<std::int16_t>(e.partner));
        return true;
    }

    // Writes the tuples of one call into out (details first) and returns how many (1 to 3).
    int encode(const MpiEvent& e, std::array<Tuple, 3>& out) noexcept
    {
        int n = 0;
        const auto code = static_cast<std::uint16_t>(e.call);
        const auto rank = static_cast<std::uint32_t>(e.rank);
        if (e.bytes != m_bytes) {
            m_bytes = e.bytes;
            out[n++] =
                Tuple{e.bytes, e.enter, e.exit, rank, std::uint16_t(kMpiBytesDetails | code), 0};
        }
        const bool isWide = wide(e.partner);
        if (e.tag != m_tag || (isWide && e.partner != m_widePartner)) {
            m_tag = e.tag;
            m_widePartner = isWide ? e.partner : m_widePartner;
            const std::int64_t packed =
                (std::int64_t(e.tag) << 32) | std::int64_t(static_cast<std::uint32_t>(e.partner));
            out[n++] =
                Tuple{packed, e.enter, e.exit, rank, std::uint16_t(kMpiTagDetails | code), 0};
        }
        out[n++] = callTuple(e, isWide ? kPartnerInDetails : static_cast<std::int16_t>(e.partner));
        return n;
    }

private:
    // Outside -1..32767: the partner travels in the tag details.
    static bool wide(std::int32_t partner) noexcept
    {
        return static_cast<std::uint32_t>(partner) + 1u > 32768u;
    }
    static Tuple callTuple(const MpiEvent& e, std::int16_t ret) noexcept
    {
        const auto op = std::uint16_t(static_cast<unsigned>(e.call) |
                                      (static_cast<unsigned>(e.completes) << kMpiCompletionShift));
        return Tuple{mpiKey(e.communicator, e.seq), e.enter, e.exit,
                     static_cast<std::uint32_t>(e.rank), op, ret};
    }

    std::int64_t m_bytes = 0;
    std::int32_t m_tag = 0;
    std::int32_t m_widePartner = -1;
};

// The tree edge tuple of a child rank's call (above); the rank's world rank is the collector.
inline Tuple treeEdgeTuple(MpiCall call, std::int32_t rank, std::int32_t parent, std::int64_t down,
                           std::int64_t up) noexcept
{
    return Tuple{parent, down, up, static_cast<std::uint32_t>(rank),
                 std::uint16_t(kMpiTreeEdge | static_cast<unsigned>(call)), 0};
}
// The parent's side of a host-crossing edge (above), recorded by the parent.
inline Tuple treeEdgeAtParentTuple(MpiCall call, std::int32_t parent, std::int32_t child,
                                   std::int64_t down, std::int64_t up) noexcept
{
    return Tuple{child, down, up, static_cast<std::uint32_t>(parent),
                 std::uint16_t(kMpiTreeEdgeAtParent | static_cast<unsigned>(call)), 0};
}

struct MpiDecodeResult
{
    std::vector<MpiEvent> events;       // by (rank, enter)
    std::vector<MpiTreeEdge> treeEdges; // by (rank, down), with their call's communicator and seq
    std::int64_t unmatchedDetails = 0;  // details whose call never arrived (lost to a full ring)
    std::int64_t unmatchedEdges = 0;    // tree edges whose call never arrived
};

// Decodes the tuples of any number of ranks, in any order. An error names the first tuple with
// an op code that is no MPI call.
Result<MpiDecodeResult> decodeMpiTuples(std::span<const Tuple> tuples);

} // namespace xylem
