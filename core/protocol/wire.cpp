#include "core/protocol/wire.h"

namespace xylem::protocol {

std::uint64_t WireReader::getInteger(size_t width)
{
    std::uint64_t v = 0;
    switch (width) {
    case 1:
        v = m_in->u8();
        break;
    case 2:
        v = m_in->u16();
        break;
    case 4:
        v = m_in->u32();
        break;
    default:
        v = m_in->u64();
        break;
    }
    checkRead();
    return v;
}

void WireReader::getString(std::string& s, size_t maxBytes)
{
    const std::uint32_t n = m_in->u32();
    if (!checkRead()) {
        return;
    }
    if (n > maxBytes) {
        fail("is " + std::to_string(n) + " bytes long, more than " + std::to_string(maxBytes));
        return;
    }
    const auto bytes = m_in->bytes(n);
    if (checkRead()) {
        s.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    }
}

bool WireReader::checkRead()
{
    if (m_in->ok()) {
        return true;
    }
    if (m_problem.empty()) {
        fail("is truncated");
    }
    return false;
}

void WireReader::fail(std::string problem)
{
    if (!m_problem.empty()) {
        return;
    }
    std::string path;
    for (const Step& step : m_path) {
        if (!path.empty()) {
            path += '.';
        }
        path += step.name;
        if (step.index >= 0) {
            path += '[' + std::to_string(step.index) + ']';
        }
    }
    m_problem = "field '" + path + "' " + problem;
    m_in->fail();
}

void WireReader::failWith(std::string problem)
{
    fail("is malformed: " + problem);
}

Result<Ok> WireReader::status(std::string_view what) const
{
    if (!m_problem.empty()) {
        return makeError(ErrorCode::MalformedInput, "malformed " + std::string(what) + ": " + m_problem);
    }
    if (!m_in->ok()) {
        return makeError(ErrorCode::MalformedInput, "malformed " + std::string(what) + ": truncated");
    }
    return Ok{};
}

Result<Ok> WireReader::finish(std::string_view message) const
{
    const std::string what = "malformed " + std::string(message) + " message: ";
    if (!m_problem.empty()) {
        return makeError(ErrorCode::MalformedInput, what + m_problem);
    }
    if (!m_in->ok()) {
        return makeError(ErrorCode::MalformedInput, what + "truncated");
    }
    if (!m_in->atEnd()) {
        return makeError(ErrorCode::MalformedInput, what + std::to_string(m_in->remaining()) +
                                                        " bytes after the last field");
    }
    return Ok{};
}

} // namespace xylem::protocol
