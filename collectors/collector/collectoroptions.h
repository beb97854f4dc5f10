#pragma once

// xylem-collector's command line (CLI11, collectors/nodelog/nodeoptions.h): the daemon's socket
// and rings, or its place as a leaf of a gather tree, and the log's level.

#include "collectors/collector/collectorservice.h"
#include "collectors/nodelog/logoptions.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace xylem::collector {

// Where a leaf goes: started by the tree (--parent, --node) or attached to a running one.
struct LeafPlace
{
    std::string parent, attach, tokenFile, host;
    std::optional<std::uint32_t> node;
    std::optional<std::uint32_t> rank;
};

struct CollectorCommandLine
{
    CollectorOptions options;
    std::string socket;
    long long tickMs = 100;
    LeafPlace place;
    bool socketGiven = false;
    bool ringPrefixGiven = false;
    nodelog::LogOptions log;

    bool leaf() const { return !place.parent.empty() || !place.attach.empty(); }
};

// The command line, or the code to exit with (0 after --help or --version, 2 after a usage
// error, both printed). version: xylem::kVersion, which only executables may include.
std::variant<CollectorCommandLine, int> parseCollectorCommandLine(int argc, char** argv,
                                                                  const char* version);

} // namespace xylem::collector
