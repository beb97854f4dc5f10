// libFuzzer target: the system sampler's /proc parsers (collectors/sampler/procparsers.h). The
// first byte chooses the file (stat, net/dev, meminfo), the rest is its text as read. A kernel
// we never met must get an error naming the file, never a crash.

#include "collectors/sampler/procparsers.h"
#include "tests/fuzz/fuzzcheck.h"

#include <string_view>

using namespace xylem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    switch (data[0] % 3) {
    case 0: {
        auto stat = sampler::parseProcStat(text);
        fuzz::require(stat.ok() || stat.error().describe().find("/proc/stat") != std::string::npos,
                      "a refused /proc/stat is named");
        break;
    }
    case 1: {
        auto dev = sampler::parseProcNetDev(text);
        fuzz::require(dev.ok() || dev.error().describe().find("/proc/net/dev") != std::string::npos,
                      "a refused /proc/net/dev is named");
        break;
    }
    default: {
        auto mem = sampler::parseProcMeminfo(text);
        fuzz::require(mem.ok() || mem.error().describe().find("/proc/meminfo") != std::string::npos,
                      "a refused /proc/meminfo is named");
        break;
    }
    }
    return 0;
}
