// libFuzzer target: a shared-memory ring as the collector finds it (collectors/ring): another
// process's file, trusted in nothing. The input is
//
//   fit     u8    odd: the file is cut or zero-padded to what its header's capacity says (when
//                 that is at most 4096 slots), so mutations reach the reads past the size check;
//                 even: the file is the bytes as they are
//   ring          the 512-byte header, then the slots
//
// The bytes become a POSIX shared-memory object of this process's own (mode 0600, the name
// unlinked after each input), opened with MappedRing::open and read under every buffer policy,
// a few windows each, as the collector reads. Reads must stay within what they were asked for.

#include "collectors/ring/ringreader.h"
#include "tests/fuzz/fuzzcheck.h"

#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>

using namespace xylem;
using namespace xylem::ring;

namespace {

bool writeShared(const std::string& name, std::span<const std::uint8_t> bytes)
{
    const int fd = ::shm_open(name.c_str(), O_RDWR | O_CREAT | O_TRUNC, 0600);
    if (fd < 0) {
        return false;
    }
    size_t done = 0;
    while (done < bytes.size()) {
        const auto n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n <= 0) {
            break;
        }
        done += static_cast<size_t>(n);
    }
    ::close(fd);
    return done == bytes.size();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    std::vector<std::uint8_t> file(data + 1, data + size);
    if (data[0] % 2 == 1 && file.size() >= kHeaderBytes) {
        std::uint32_t capacity = 0;
        std::memcpy(&capacity, file.data() + offsetof(RingHeader, capacity), sizeof capacity);
        if (capacity <= 4096) {
            file.resize(kHeaderBytes + size_t(capacity) * kSlotBytes, 0);
        }
    }
    const std::string name = "/xylem-fuzz-ring-" + std::to_string(::getpid());
    fuzz::require(writeShared(name, file), "the fuzzed ring could be written to shared memory");
    auto ring = MappedRing::open(name);
    ::shm_unlink(name.c_str());
    if (!ring) {
        fuzz::require(!ring.error().message.empty(), "a refused ring says why");
        return 0;
    }
    for (const BufferPolicy policy : {BufferPolicy::FillRead, BufferPolicy::ReplaceRead,
                                      BufferPolicy::FillDrain, BufferPolicy::ReplaceDrain}) {
        RingCursor cursor;
        for (int window = 0; window < 3; ++window) {
            std::vector<Tuple> out;
            const size_t asked = window == 0 ? 1 : 64;
            const ReadResult r = ring->read(cursor, asked, out, policy);
            fuzz::require(r.returned == out.size() && out.size() <= asked,
                          "a read returns at most what it was asked for, and says how many");
            fuzz::require(r.fresh <= r.returned, "fresh tuples are among those returned");
        }
    }
    (void)ring->written();
    (void)ring->closed();
    (void)ring->monitorPaused();
    return 0;
}
