#include "collectors/allreduce/gsum/ringharvest.h"

#include "collectors/collector/clockcalibration.h"
#include "collectors/ring/ringreader.h"

#include <filesystem>

namespace xylem::allreduce {

int removeRings(const std::string& prefix)
{
    int left = 0;
    std::error_code ec;
    for (auto it = std::filesystem::directory_iterator("/dev/shm", ec);
         !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
        if (it->path().filename().string().starts_with(prefix)) {
            std::error_code removeError;
            std::filesystem::remove(it->path(), removeError);
            left += removeError ? 1 : 0; // gone already (another remover) counts as removed
        }
    }
    return ec ? left + 1 : left;
}

Result<Harvest> harvestRings(const std::string& prefix)
{
    Harvest harvest;
    const auto clock = collector::ClockCalibration::measure(std::chrono::milliseconds(20));
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm", ec)) {
        const std::string file = entry.path().filename().string();
        if (!file.starts_with(prefix)) {
            continue;
        }
        auto ring = ring::MappedRing::open("/" + file);
        if (!ring) {
            return ring.error();
        }
        const auto kind = static_cast<ClockKind>(ring->header().clock);
        harvest.clock = std::string(toString(kind));
        ring::RingCursor cursor;
        const size_t before = harvest.tuples.size();
        const ring::ReadResult r =
            ring->read(cursor, ring->capacity(), harvest.tuples, BufferPolicy::FillRead);
        harvest.overwritten += r.overwritten;
        for (size_t i = before; i < harvest.tuples.size(); ++i) {
            harvest.tuples[i].down = clock.toNs(kind, harvest.tuples[i].down);
            harvest.tuples[i].up = clock.toNs(kind, harvest.tuples[i].up);
        }
        ring->unlink();
    }
    return harvest;
}

} // namespace xylem::allreduce
