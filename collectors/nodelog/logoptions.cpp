#include "collectors/nodelog/logoptions.h"

#include <CLI/CLI.hpp>

namespace xylem::nodelog {

Settings LogOptions::settings() const
{
    return Settings{thresholdOf(verbose, quiet), styleOfStderr()};
}

void addLogOptions(CLI::App& app, LogOptions& options)
{
    app.add_flag("-v,--verbose", options.verbose,
                 "Log debug lines too (default: info, warnings and errors)")
        ->group("Logging");
    app.add_flag("-q,--quiet", options.quiet,
                 "Log warnings and errors only (default: info, warnings and errors)")
        ->group("Logging");
}

} // namespace xylem::nodelog
