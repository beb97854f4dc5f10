#include "collectors/nodelog/nodelog.h"

#include <charconv>
#include <cstdlib>
#include <memory>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/stat.h>
#include <unistd.h>

namespace xylem::nodelog {

namespace {

// The sd-daemon(3) priority of a line: "<7>" debug ... "<3>" error.
class JournalPriority final : public spdlog::custom_flag_formatter
{
public:
    void format(const spdlog::details::log_msg& msg, const std::tm&,
                spdlog::memory_buf_t& dest) override
    {
        const char* prefix = "<6>";
        switch (msg.level) {
        case spdlog::level::trace:
        case spdlog::level::debug:
            prefix = "<7>";
            break;
        case spdlog::level::warn:
            prefix = "<4>";
            break;
        case spdlog::level::err:
            prefix = "<3>";
            break;
        case spdlog::level::critical:
            prefix = "<2>";
            break;
        default:
            break;
        }
        dest.append(prefix, prefix + 3);
    }
    std::unique_ptr<custom_flag_formatter> clone() const override
    {
        return std::make_unique<JournalPriority>();
    }
};

spdlog::level::level_enum spdlogLevel(Level level)
{
    switch (level) {
    case Level::Debug:
        return spdlog::level::debug;
    case Level::Info:
        return spdlog::level::info;
    case Level::Warning:
        return spdlog::level::warn;
    case Level::Error:
        return spdlog::level::err;
    }
    return spdlog::level::info;
}

std::unique_ptr<spdlog::formatter> formatterFor(Style style)
{
    if (style == Style::Journal) {
        auto formatter = std::make_unique<spdlog::pattern_formatter>();
        formatter->add_flag<JournalPriority>('*').set_pattern("%*%v");
        return formatter;
    }
    return std::make_unique<spdlog::pattern_formatter>("%Y-%m-%dT%H:%M:%S.%eZ [%l] %v",
                                                       spdlog::pattern_time_type::utc);
}

// The process's one logger, made on first use with the default settings. Not registered with
// spdlog's registry: nothing else in the process looks it up, and a library that uses spdlog's
// default logger keeps its own.
spdlog::logger& processLogger()
{
    static const std::shared_ptr<spdlog::logger> logger = [] {
        auto made = std::make_shared<spdlog::logger>(
            "xylem", std::make_shared<spdlog::sinks::stderr_sink_mt>());
        made->set_formatter(formatterFor(Style::Timestamped));
        made->set_level(spdlog::level::info);
        made->flush_on(spdlog::level::trace); // a failing host _exit()s right after its line
        return made;
    }();
    return *logger;
}

} // namespace

Style styleOfStderr()
{
    const char* stream = std::getenv("JOURNAL_STREAM");
    if (!stream || !*stream) {
        return Style::Timestamped;
    }
    const std::string_view text(stream);
    const auto colon = text.find(':');
    unsigned long long device = 0;
    unsigned long long inode = 0;
    if (colon == std::string_view::npos ||
        std::from_chars(text.data(), text.data() + colon, device).ec != std::errc() ||
        std::from_chars(text.data() + colon + 1, text.data() + text.size(), inode).ec !=
            std::errc()) {
        return Style::Timestamped;
    }
    struct stat st = {};
    if (::fstat(STDERR_FILENO, &st) != 0) {
        return Style::Timestamped;
    }
    return static_cast<unsigned long long>(st.st_dev) == device &&
                   static_cast<unsigned long long>(st.st_ino) == inode
               ? Style::Journal
               : Style::Timestamped;
}

Level thresholdOf(bool verbose, bool quiet)
{
    return quiet ? Level::Warning : verbose ? Level::Debug : Level::Info;
}

void configure(const Settings& settings)
{
    spdlog::logger& logger = processLogger();
    logger.set_formatter(formatterFor(settings.style));
    logger.set_level(spdlogLevel(settings.threshold));
}

void Log::write(Level level, std::string_view text) const
{
    spdlog::logger& logger = processLogger();
    const auto spdLevel = spdlogLevel(level);
    if (!logger.should_log(spdLevel)) {
        return;
    }
    logger.log(spdLevel, "{}: {}", m_prefix, text);
}

std::string_view withoutLogPrefix(std::string_view line)
{
    // "<6>..."
    if (line.size() >= 3 && line[0] == '<' && line[1] >= '0' && line[1] <= '7' && line[2] == '>') {
        return line.substr(3);
    }
    // "2026-11-26T08:10:00.123Z [info] ..."
    constexpr std::size_t kTime = 24; // up to and with the Z
    if (line.size() > kTime + 2 && line[4] == '-' && line[10] == 'T' && line[kTime - 1] == 'Z' &&
        line[kTime] == ' ' && line[kTime + 1] == '[') {
        const auto close = line.find("] ", kTime + 1);
        if (close != std::string_view::npos) {
            return line.substr(close + 2);
        }
    }
    return line;
}

} // namespace xylem::nodelog
