#pragma once

// The consumer side of a ring: map it, check it is one, and read it under its buffer policy
// (core/model/recording.h). Reads never block the writer: a record the writer overwrote before
// or while it was copied is dropped and counted as overwritten, exactly, from the sequence.
//
// Under the read policies each reader keeps its own RingCursor; under the drain policies the
// readers share the cursor in the ring's header, claimed by compare-and-swap, so that each
// record goes to exactly one reader.

#include "collectors/ring/ringlayout.h"
#include "core/model/recording.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xylem::ring {

struct RingCursor
{
    std::uint64_t next = 0; // index of the next record this reader has not seen
};

struct ReadResult
{
    std::uint64_t returned = 0; // tuples appended to the output
    std::uint64_t fresh = 0; // of those, not returned to this reader before (ReplaceRead repeats)
    std::uint64_t overwritten = 0; // records this read found lost to the writer
};

class MappedRing
{
public:
    // name: the shared-memory name ("/xylem-ring-...").
    static Result<MappedRing> open(const std::string& name);

    MappedRing(MappedRing&& other) noexcept;
    MappedRing& operator=(MappedRing&& other) noexcept;
    MappedRing(const MappedRing&) = delete;
    MappedRing& operator=(const MappedRing&) = delete;
    ~MappedRing();

    const std::string& name() const { return m_name; }
    const RingHeader& header() const { return *m_header; }
    std::uint64_t written() const { return m_header->written.load(std::memory_order_acquire); }
    std::uint32_t capacity() const { return m_header->capacity; }
    BufferPolicy policy() const;
    void setPolicy(BufferPolicy policy);
    // Asks the writer to move to a ring of this capacity (ringlayout.h); nothing when it has it.
    void requestCapacity(std::uint32_t capacity);
    bool closed() const { return m_header->closed.load(std::memory_order_acquire) != 0; }

    // Appends at most maxTuples tuples (timestamps raw, in the ring's clock) under the ring's
    // current policy. cursor: this reader's position (read policies only).
    ReadResult read(RingCursor& cursor, size_t maxTuples, std::vector<Tuple>& out);
    // The same under a given policy: node-side monitors read with their own cursor (FillRead)
    // whatever the policy the tuples' other readers use.
    ReadResult read(RingCursor& cursor, size_t maxTuples, std::vector<Tuple>& out,
                    BufferPolicy policy);

    // Removes the shared-memory name; the mapping stays valid until this object goes.
    void unlink();

private:
    MappedRing() = default;
    ReadResult readRange(std::uint64_t from, std::uint64_t to, std::vector<Tuple>& out) const;
    ReadResult readOwnCursor(RingCursor& cursor, size_t maxTuples, bool newestOnly,
                             std::vector<Tuple>& out);
    ReadResult drain(size_t maxTuples, bool newestOnly, std::vector<Tuple>& out);

    RingHeader* m_header = nullptr;
    const std::uint64_t* m_slots = nullptr;
    size_t m_bytes = 0;
    std::string m_name;
};

} // namespace xylem::ring
