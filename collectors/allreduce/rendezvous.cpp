#include "collectors/allreduce/rendezvous.h"

#include <charconv>

namespace xylem::allreduce {

std::optional<Address> parseAddress(const std::string& ip, const std::string& port)
{
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (ec != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535 ||
        ip.empty()) {
        return std::nullopt;
    }
    return Address{ip, static_cast<std::uint16_t>(value)};
}

} // namespace xylem::allreduce
