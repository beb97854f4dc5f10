#include "core/protocol/bytes.h"

#include <bit>

namespace xylem::protocol {

void ByteWriter::f64(double v)
{
    u64(std::bit_cast<std::uint64_t>(v));
}

void ByteWriter::string(std::string_view s)
{
    u32(static_cast<std::uint32_t>(s.size()));
    m_bytes.insert(m_bytes.end(), s.begin(), s.end());
}

std::uint64_t ByteReader::get(int width)
{
    if (!m_ok || remaining() < static_cast<size_t>(width)) {
        m_ok = false;
        return 0;
    }
    std::uint64_t v = 0;
    for (int i = 0; i < width; ++i) {
        v |= std::uint64_t(m_bytes[m_at + static_cast<size_t>(i)]) << (8 * i);
    }
    m_at += static_cast<size_t>(width);
    return v;
}

double ByteReader::f64()
{
    return std::bit_cast<double>(u64());
}

std::string ByteReader::string(size_t maxBytes)
{
    const std::uint32_t n = u32();
    if (!m_ok || n > maxBytes || n > remaining()) {
        m_ok = false;
        return {};
    }
    std::string s(reinterpret_cast<const char*>(m_bytes.data() + m_at), n);
    m_at += n;
    return s;
}

std::uint32_t ByteReader::count(size_t itemBytes)
{
    const std::uint32_t n = u32();
    if (!m_ok || (itemBytes > 0 && n > remaining() / itemBytes)) {
        m_ok = false;
        return 0;
    }
    return n;
}

std::span<const std::uint8_t> ByteReader::bytes(size_t n)
{
    if (!m_ok || n > remaining()) {
        m_ok = false;
        return {};
    }
    const auto out = m_bytes.subspan(m_at, n);
    m_at += n;
    return out;
}

} // namespace xylem::protocol
