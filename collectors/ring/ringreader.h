#pragma once

// The consumer side of a ring: map it, check it is one, and read it under its buffer policy
// (core/model/recording.h). Reads never block the writer: a record the writer overwrote before
// or while it was copied is dropped and counted as overwritten, exactly, from the sequence.
//
// A ring is another process's file, so nothing in it is trusted. open() takes only a regular
// file of this process's own user that no group or other user may write (checked on the
// opened descriptor), with a header that holds together; the fields that never change are
// copied then (identity()) and every index is computed from that copy, never from the shared
// header again. Each read window starts by checking that the file still has its size, and every
// touch of the mapping is guarded (busguard.h): a file shrunk under the reader, an index that
// goes back or lies beyond any writer's reach, makes the ring damaged() — it returns nothing
// more — instead of a crash or garbage.
//
// Under the read policies each reader keeps its own RingCursor; under the drain policies the
// readers share the cursor in the ring's header, claimed by compare-and-swap, so that each
// record goes to exactly one reader.

#include "collectors/ring/busguard.h"
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

// What a ring says about itself and its writer, copied once when it is opened.
struct RingIdentity
{
    std::uint32_t capacity = 0;
    ClockKind clock = ClockKind::Monotonic;
    std::uint32_t pid = 0;
    std::uint32_t tid = 0;
    std::uint64_t processStart = 0;
    std::int64_t createdNs = 0;
    std::string program;
    std::string label;
};

// No writer reaches this record index (at a billion records a second, after two years): a
// larger one is a lie.
inline constexpr std::uint64_t kMaxRecordIndex = 1ull << 56;

struct ReadResult
{
    std::uint64_t returned = 0; // tuples appended to the output
    std::uint64_t fresh = 0; // of those, not returned to this reader before (ReplaceRead repeats)
    std::uint64_t overwritten = 0; // records this read found lost to the writer
};

class MappedRing
{
public:
    // name: the shared-memory name ("/xylem-ring-..."). An error says why it is no ring of ours.
    static Result<MappedRing> open(const std::string& name);

    MappedRing(MappedRing&& other) noexcept;
    MappedRing& operator=(MappedRing&& other) noexcept;
    MappedRing(const MappedRing&) = delete;
    MappedRing& operator=(const MappedRing&) = delete;
    ~MappedRing();

    const std::string& name() const { return m_name; }
    const RingIdentity& identity() const { return m_identity; }
    // The shared header itself, unguarded: for tests of rings nobody shrinks.
    const RingHeader& header() const { return *m_header; }
    // Records written so far (the last value seen once the ring is damaged).
    std::uint64_t written() const;
    std::uint32_t capacity() const { return m_identity.capacity; }
    BufferPolicy policy() const;
    void setPolicy(BufferPolicy policy);
    // Asks the writer to move to a ring of this capacity (ringlayout.h); nothing when it has it.
    void requestCapacity(std::uint32_t capacity);
    // The writer detached cleanly (a damaged ring counts as closed: its writer is lost to us).
    bool closed() const;
    // The program says its monitor rests (ringlayout.h): false once closed or damaged.
    bool monitorPaused() const;
    // Asks the program to signal this point of its collective (Off: no signals).
    void setCoschedule(CoschedulePoint point);
    // For a wait on the coscheduling word (coschedule.h): registers as a waiter and gives the
    // word's address and value now (false: damaged or closed, nothing to wait for); endWait()
    // after the wait, whatever its outcome.
    bool beginWait(std::uint32_t*& word, std::uint32_t& seen);
    void endWait();
    // The first record no drain policy has claimed yet.
    std::uint64_t drained() const;
    // Why this ring can no longer be read (its file shrank, an index lied); empty while intact.
    const std::string& damage() const { return m_damage; }

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
    // The records one read copies: [from, to), after `skipped` lost to the writer before from.
    struct Window
    {
        std::uint64_t from = 0;
        std::uint64_t to = 0;
        std::uint64_t skipped = 0;
        std::uint64_t unseen = 0; // ReplaceRead: records this reader was never told about
    };

    MappedRing() = default;
    Result<Ok> checkFile(const std::string& name) const;
    Result<Ok> checkHeader(const std::string& name);
    bool intact() const;
    void damaged(std::string why) const;
    // Runs body on the mapping; a fault (the file shrank) makes the ring damaged.
    template <typename F> bool touch(F&& body) const
    {
        if (guarded(m_header, m_bytes, body)) {
            return true;
        }
        damaged("its file shrank while it was read");
        return false;
    }
    bool plausible(std::uint64_t written) const;
    Window plan(RingCursor& cursor, size_t maxTuples, BufferPolicy policy);
    ReadResult readRange(std::uint64_t from, std::uint64_t to, std::vector<Tuple>& out) const;
    void release();

    int m_fd = -1; // kept for the size check of every read window
    RingHeader* m_header = nullptr;
    const std::uint64_t* m_slots = nullptr;
    size_t m_bytes = 0;
    std::string m_name;
    RingIdentity m_identity;
    mutable std::uint64_t m_lastWritten = 0; // indices never go back
    mutable bool m_lastClosed = false;
    mutable std::string m_damage;
};

} // namespace xylem::ring
