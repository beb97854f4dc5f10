// libFuzzer target: a run given as files (xylem-cli analyze --tree F --trace F): the tree
// configuration's JSON, a NUL byte, then the trace CSV. Both are parsed as app/cli/runloader.cpp
// does and a run that loads is analysed as `analyze` does; the input ends the bounds (a trace of
// a few kilobytes is a few hundred tuples).

#include "core/analysis/analyzer.h"
#include "core/model/configurationjson.h"
#include "core/model/tracecsv.h"
#include "tests/fuzz/fuzzcheck.h"

#include <algorithm>
#include <string_view>

using namespace xylem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    const std::string_view all(reinterpret_cast<const char*>(data), size);
    const size_t nul = all.find('\0');
    if (nul == std::string_view::npos) {
        return 0;
    }
    auto config = parseConfigurationJson(all.substr(0, nul));
    if (!config) {
        return 0;
    }
    auto tuples = parseTraceCsv(all.substr(nul + 1), config.value());
    if (!tuples) {
        fuzz::require(!tuples.error().message.empty(), "a refused trace says why");
        return 0;
    }
    const AnalysisReport report = analyze(config.value(), tuples.value());
    (void)report;
    return 0;
}
