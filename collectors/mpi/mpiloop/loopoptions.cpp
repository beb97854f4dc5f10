#include "collectors/mpi/mpiloop/loopoptions.h"

#include <charconv>
#include <string>
#include <string_view>

namespace xylem::mpi {

namespace {

Result<std::int64_t> number(std::string_view option, const char* text, std::int64_t low,
                            std::int64_t high)
{
    const std::string_view s = text ? text : "";
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || value < low ||
        value > high) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string(option) + " takes a whole number from " + std::to_string(low) +
                             " to " + std::to_string(high) + ", not '" + std::string(s) + "'");
    }
    return value;
}

} // namespace

Result<LoopOptions> parseLoopOptions(int argc, char** argv)
{
    LoopOptions o;
    for (int i = 1; i < argc; i += 2) {
        const std::string_view option = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : nullptr;
        if (option == "--pattern") {
            const std::string_view p = value ? value : "";
            if (p != "allreduce" && p != "mixed") {
                return makeError(ErrorCode::InvalidArgument,
                                 "--pattern is allreduce or mixed, not '" + std::string(p) + "'");
            }
            o.mixed = p == "mixed";
            continue;
        }
        const std::int64_t high = option == "--bytes" ? (1 << 26) : (1 << 30);
        XYLEM_TRY(n, number(option, value,
                            option == "--late-rank" || option == "--kill-rank" ? 0 : 1, high));
        if (option == "--iterations") {
            o.iterations = static_cast<int>(n.value());
        } else if (option == "--bytes") {
            o.bytes = n.value();
        } else if (option == "--compute-us") {
            o.computeUs = static_cast<int>(n.value());
        } else if (option == "--late-rank") {
            o.lateRank = static_cast<int>(n.value());
        } else if (option == "--late-us") {
            o.lateUs = static_cast<int>(n.value());
        } else if (option == "--kill-rank") {
            o.killRank = static_cast<int>(n.value());
        } else if (option == "--kill-after") {
            o.killAfter = static_cast<int>(n.value());
        } else {
            return makeError(ErrorCode::InvalidArgument, "unknown option " + std::string(option));
        }
    }
    return o;
}

} // namespace xylem::mpi
