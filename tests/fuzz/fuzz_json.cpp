// libFuzzer target: the JSON and text files a person or another program hands Xylem. The first
// byte chooses the parser, the rest is the file's text:
//
//   0  tree configuration (--tree, a session's stored configuration)   parseConfigurationJson
//   1  gather topology JSON (--topology)                              parseTopologyJson
//   2  MRNet topology text (--topology FILE.top)                      parseMrnetTopology
//   3  an MPI run's information (xylem-mpi-run.json)                  mpiRunInfoFromJson
//   4  a stored clock model                                            parseClockModelJson
//   5  the MPI tree candidates (--adapt LIST)                           parseTreeCandidates
//
// Each must return a value or an error that names the problem; a configuration or topology that
// parses must be one the rest of Xylem can walk (its counts agree).

#include "core/analysis/clockmodeljson.h"
#include "core/gather/topology.h"
#include "core/model/configurationjson.h"
#include "core/model/mpitracejson.h"
#include "tests/fuzz/fuzzcheck.h"

#include <string>

using namespace xylem;

namespace {

template <class T> void refusedWithReason(const Result<T>& r)
{
    if (!r) {
        fuzz::require(!r.error().message.empty(), "a refused file says why");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    if (size == 0) {
        return 0;
    }
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    switch (data[0] % 6) {
    case 0: {
        auto config = parseConfigurationJson(text);
        refusedWithReason(config);
        if (config) {
            auto again = parseConfigurationJson(configurationToJson(config.value()));
            fuzz::require(again.ok(), "a parsed configuration writes JSON that parses");
        }
        break;
    }
    case 1: {
        auto topology = gather::parseTopologyJson(text);
        refusedWithReason(topology);
        if (topology) {
            auto again = gather::parseTopologyJson(gather::toJson(topology.value()));
            fuzz::require(again.ok(), "a parsed topology writes JSON that parses");
        }
        break;
    }
    case 2: refusedWithReason(gather::parseMrnetTopology(text)); break;
    case 3: {
        auto info = mpiRunInfoFromJson(text);
        refusedWithReason(info);
        if (info) {
            auto again = mpiRunInfoFromJson(mpiRunInfoToJson(info.value()));
            fuzz::require(again.ok(), "a parsed MPI run information writes JSON that parses");
        }
        break;
    }
    case 4: refusedWithReason(parseClockModelJson(text)); break;
    default: refusedWithReason(parseTreeCandidates(text)); break;
    }
    return 0;
}
