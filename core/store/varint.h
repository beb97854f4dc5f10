#pragma once

// Variable-length integers (7 bits a byte, LEB128) and zig-zag signed values: the building
// blocks of the stored chunk payloads. The reader bounds every byte it reads.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem::store {

inline void putVarint(std::vector<std::uint8_t>& out, std::uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<std::uint8_t>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<std::uint8_t>(v));
}

// Into a buffer with room for 10 bytes; returns the position after the value.
inline std::uint8_t* writeVarint(std::uint8_t* out, std::uint64_t v)
{
    while (v >= 0x80) {
        *out++ = static_cast<std::uint8_t>(v | 0x80);
        v >>= 7;
    }
    *out++ = static_cast<std::uint8_t>(v);
    return out;
}
inline constexpr size_t kMaxVarintBytes = 10;

inline size_t varintSize(std::uint64_t v)
{
    return (static_cast<size_t>(std::bit_width(v | 1)) + 6) / 7;
}

inline std::uint64_t zigzag(std::int64_t v)
{
    return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}

inline std::int64_t unzigzag(std::uint64_t v)
{
    return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

// Differences and sums that wrap instead of overflowing: deltas of any int64 round-trip.
inline std::int64_t wrappingSub(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) - static_cast<std::uint64_t>(b));
}

inline std::int64_t wrappingAdd(std::int64_t a, std::int64_t b)
{
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) + static_cast<std::uint64_t>(b));
}

class VarintReader
{
public:
    VarintReader(const std::uint8_t* p, const std::uint8_t* end)
        : m_p(p)
        , m_end(end)
    {
    }

    // False on a truncated or over-long (more than 64 bits) value.
    bool read(std::uint64_t& v)
    {
        v = 0;
        for (unsigned shift = 0; shift < 64; shift += 7) {
            if (m_p == m_end) {
                return false;
            }
            const std::uint8_t b = *m_p++;
            v |= std::uint64_t(b & 0x7F) << shift;
            if (!(b & 0x80)) {
                return shift < 63 || b <= 1; // a 10th byte may only hold the top bit
            }
        }
        return false;
    }
    bool atEnd() const { return m_p == m_end; }

private:
    const std::uint8_t* m_p;
    const std::uint8_t* m_end;
};

} // namespace xylem::store
