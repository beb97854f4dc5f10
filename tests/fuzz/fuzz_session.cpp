// libFuzzer target: a session file someone hands Xylem (xylem-cli analyze --session F, the GUI's
// Open). The input is written to a file of its own folder and opened read-only as the CLI opens
// it (which upgrades an older format in place), its runs listed, and each of the first four
// analysed from the store with its per-call figures, as `xylem-cli analyze` and the GUI's run
// page do. SQLite checks its own pages; what is fuzzed is everything Xylem reads out of them:
// the schema version, the catalog, the stored configuration, the chunks and their counts.

#include "core/store/runcatalog.h"
#include "core/store/session.h"
#include "core/store/windowedanalysis.h"
#include "tests/fuzz/fuzzcheck.h"

#include <filesystem>

using namespace xylem;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, size_t size)
{
    fuzz::TempPath folder(".session");
    std::filesystem::create_directories(folder.path());
    const auto file = folder.path() / "fuzzed.xylem";
    fuzz::writeFile(file, std::span<const std::uint8_t>(data, size));
    auto session = store::Session::open(file.string(), store::OpenMode::ReadOnly);
    if (!session) {
        fuzz::require(!session.error().message.empty(), "a refused session says why");
        return 0;
    }
    auto runs = store::listRuns(session.value());
    if (!runs) {
        return 0;
    }
    size_t analysed = 0;
    for (const store::RunInfo& run : runs.value()) {
        if (analysed++ == 4) {
            break;
        }
        (void)store::runConfiguration(session.value(), run.id);
        (void)store::analyzeStoredRunWithCalls(session.value(), run.id, CallWindow{});
    }
    return 0;
}
