#include "core/record/mpidescription.h"

#include "core/model/launchertemplate.h"
#include "core/model/textfile.h"
#include "core/record/childprocess.h"

#include <chrono>
#include <filesystem>
#include <thread>

namespace xylem::record {

namespace {

constexpr auto kFetchTimeout = std::chrono::seconds(30);
constexpr const char* kFileName = "/mpi-run.json";
// Printed before the file: what a launcher says itself (ssh's warnings share the output) stays
// outside the description.
constexpr std::string_view kMarker = "--- xylem mpi-run.json ---\n";

// What the command printed on the host, or nullopt when it failed there (no file: rank 0 was
// elsewhere) or did not end in time.
Result<std::optional<std::string>> runOn(const std::string& host, const std::string& launcher,
                                         const std::string& script)
{
    XYLEM_TRY(child,
              ChildProcess::start(launcherArgv(launcher, host, {"/bin/sh", "-c", script}), {}, {}));
    const auto deadline = std::chrono::steady_clock::now() + kFetchTimeout;
    while (child->running()) {
        if (std::chrono::steady_clock::now() >= deadline) {
            child->interrupt();
            child->wait();
            return makeError(ErrorCode::TimedOut, "fetching the run's description from " + host +
                                                      " took over " +
                                                      std::to_string(kFetchTimeout.count()) + " s");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    if (child->wait() != 0) {
        return std::optional<std::string>();
    }
    XYLEM_TRY(text, readTextFile(child->output()));
    const size_t start = text->find(kMarker);
    const size_t end = text->rfind('}');
    if (start == std::string::npos || end == std::string::npos || end < start) {
        return makeError(ErrorCode::MalformedInput,
                         "the run's description fetched from " + host + " is cut off");
    }
    return std::optional<std::string>(
        text->substr(start + kMarker.size(), end + 1 - start - kMarker.size()));
}

} // namespace

Result<std::optional<std::string>> fetchRunDescription(const std::string& folder,
                                                       const std::vector<std::string>& hosts,
                                                       const std::string& launcher)
{
    std::error_code ec;
    if (std::filesystem::exists(folder + kFileName, ec)) {
        XYLEM_TRY(text, readTextFile(folder + kFileName));
        return std::optional<std::string>(std::move(text).value());
    }
    // Only what cat prints reaches the output: the launcher's complaints go to /dev/null with
    // the rest of the script's standard error.
    const std::string quoted = shellQuote({folder});
    const std::string script = "exec 2>/dev/null; test -f " + shellQuote({folder + kFileName}) +
                               " || exit 3; printf '%s\\n' '" +
                               std::string(kMarker.substr(0, kMarker.size() - 1)) + "'; cat " +
                               shellQuote({folder + kFileName}) + " && rm -rf " + quoted;
    for (const std::string& host : hosts) {
        if (isThisMachine(host)) {
            continue;
        }
        XYLEM_TRY(fetched, runOn(host, launcher, script));
        if (fetched.value()) {
            return fetched;
        }
    }
    return std::optional<std::string>();
}

} // namespace xylem::record
