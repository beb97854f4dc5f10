#pragma once

// --verbose and --quiet, the log options of every node daemon.

#include "collectors/nodelog/nodelog.h"

namespace CLI {
class App;
} // namespace CLI

namespace xylem::nodelog {

struct LogOptions
{
    bool verbose = false;
    bool quiet = false;

    // The threshold the flags ask for, and the journal's style when stderr is the journal.
    Settings settings() const;
};

void addLogOptions(CLI::App& app, LogOptions& options);

} // namespace xylem::nodelog
