#pragma once

// Explicit little-endian encoding for the wire: every field written and read by name and
// width, never a struct copied as memory. The reader bounds every read; after the first
// failure it stays failed, so a decoder can read a whole message and check once.

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xylem::protocol {

class ByteWriter
{
public:
    void u8(std::uint8_t v) { m_bytes.push_back(v); }
    void u16(std::uint16_t v) { put(v, 2); }
    void u32(std::uint32_t v) { put(v, 4); }
    void u64(std::uint64_t v) { put(v, 8); }
    void i64(std::int64_t v) { put(static_cast<std::uint64_t>(v), 8); }
    void f64(double v);
    void string(std::string_view s); // u32 length, then the bytes
    void bytes(std::span<const std::uint8_t> b)
    {
        m_bytes.insert(m_bytes.end(), b.begin(), b.end());
    }

    const std::vector<std::uint8_t>& data() const { return m_bytes; }
    std::vector<std::uint8_t> take() { return std::move(m_bytes); }

private:
    void put(std::uint64_t v, int width)
    {
        for (int i = 0; i < width; ++i) {
            m_bytes.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
        }
    }

    std::vector<std::uint8_t> m_bytes;
};

class ByteReader
{
public:
    explicit ByteReader(std::span<const std::uint8_t> bytes)
        : m_bytes(bytes)
    {
    }

    std::uint8_t u8() { return static_cast<std::uint8_t>(get(1)); }
    std::uint16_t u16() { return static_cast<std::uint16_t>(get(2)); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(get(4)); }
    std::uint64_t u64() { return get(8); }
    std::int64_t i64() { return static_cast<std::int64_t>(get(8)); }
    double f64();
    // A string of at most maxBytes; longer is a failure, not an allocation.
    std::string string(size_t maxBytes = 4096);
    // A count of items of at least itemBytes each that must fit in what is left.
    std::uint32_t count(size_t itemBytes);
    std::span<const std::uint8_t> bytes(size_t n);
    // N bytes with no length on the wire (a nonce, a MAC); zeros, and a failure, when short.
    template <size_t N> std::array<std::uint8_t, N> fixed()
    {
        std::array<std::uint8_t, N> a{};
        const auto taken = bytes(N);
        if (m_ok && taken.size() == N) {
            std::copy(taken.begin(), taken.end(), a.begin());
        }
        return a;
    }

    bool ok() const { return m_ok; }
    bool atEnd() const { return m_at == m_bytes.size(); }
    size_t remaining() const { return m_bytes.size() - m_at; }
    void fail() { m_ok = false; }

private:
    std::uint64_t get(int width);

    std::span<const std::uint8_t> m_bytes;
    size_t m_at = 0;
    bool m_ok = true;
};

} // namespace xylem::protocol
