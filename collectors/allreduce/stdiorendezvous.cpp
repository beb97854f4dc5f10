#include "collectors/allreduce/stdiorendezvous.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <sstream>
#include <sys/eventfd.h>
#include <unistd.h>

namespace xylem::allreduce {

namespace {

using Clock = PipeReader::Clock;

constexpr const char* kHostPrefix = "xylem-gsum: ";

// A line as it can be shown in a message: short, without control characters.
std::string shown(const std::string& line)
{
    std::string out;
    for (const char c : line.substr(0, 120)) {
        out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
    }
    return "'" + out + (line.size() > 120 ? "...'" : "'");
}

std::vector<std::string> words(const std::string& line)
{
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) {
        out.push_back(w);
    }
    return out;
}

bool wholeNumber(const std::string& text, std::size_t& out)
{
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

// A variable the launch may set on a host: Xylem's own, but neither the lifeline (a descriptor
// of the launch's machine) nor the token (which has its own line).
bool forwardable(const std::string& assignment)
{
    const auto equals = assignment.find('=');
    const std::string name = assignment.substr(0, equals);
    return equals != std::string::npos && name.starts_with("XYLEM_") && name.size() > 6 &&
           name != "XYLEM_LIFELINE_FD" && name != "XYLEM_GSUM_TOKEN" &&
           name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos;
}

Result<Ok> writeAll(int fd, const std::string& text)
{
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) {
            continue;
        }
        if (n <= 0) {
            return makeError(ErrorCode::IoError,
                             std::string("cannot write to the launch: ") + std::strerror(errno));
        }
        done += static_cast<size_t>(n);
    }
    return Ok{};
}

} // namespace

std::string stdioPreambleText(const StdioPreamble& preamble)
{
    std::string text = std::string(kStdioGreeting) + "\ntoken " + preamble.token + "\n";
    for (const std::string& assignment : preamble.environment) {
        text += "env " + assignment + "\n";
    }
    text += "configuration " + std::to_string(preamble.configuration.size()) + "\n";
    return text + preamble.configuration;
}

std::string stdioAddressListText(const std::vector<std::pair<std::string, Address>>& addresses)
{
    std::string text = "addresses " + std::to_string(addresses.size()) + "\n";
    for (const auto& [host, address] : addresses) {
        text += "address " + host + " " + address.ip + " " + std::to_string(address.port) + "\n";
    }
    return text;
}

std::optional<std::pair<std::string, Address>> parseStdioAddressLine(const std::string& line)
{
    const auto w = words(line);
    if (!line.starts_with(kHostPrefix) || w.size() != 5 || w[1] != "address") {
        return std::nullopt;
    }
    const auto address = parseAddress(w[3], w[4]);
    return address ? std::optional(std::pair{w[2], *address}) : std::nullopt;
}

std::optional<std::string> parseStdioReadyLine(const std::string& line)
{
    const auto w = words(line);
    if (!line.starts_with(kHostPrefix) || w.size() != 3 || w[1] != "ready") {
        return std::nullopt;
    }
    return w[2];
}

Result<StdioPreamble> readStdioPreamble(PipeReader& in, Clock::time_point deadline)
{
    int number = 0;
    const auto next = [&]() -> Result<std::string> {
        ++number;
        auto line = in.line(deadline);
        if (!line) {
            const std::string why = line.error().code == ErrorCode::NotFound
                                        ? "stdin ended"
                                        : line.error().message;
            return makeError(line.error().code,
                             "stdin line " + std::to_string(number) + ": " + why +
                                 " (the launch's token and configuration were expected)");
        }
        return line;
    };
    const auto refuse = [&](const std::string& line, const std::string& expected) {
        return makeError(ErrorCode::MalformedInput, "stdin line " + std::to_string(number) +
                                                        ": expected " + expected + ", not " +
                                                        shown(line));
    };
    XYLEM_TRY(greeting, next());
    if (greeting.value() != kStdioGreeting) {
        return refuse(greeting.value(), std::string("'") + kStdioGreeting +
                                            "' (is this stdin from xylem-gsum launch?)");
    }
    StdioPreamble preamble;
    XYLEM_TRY(token, next());
    if (!token->starts_with("token ") || token->size() == 6 ||
        token->find_first_of(" \t\r", 6) != std::string::npos) {
        return refuse(token.value(), "'token TOKEN'");
    }
    preamble.token = token->substr(6);
    for (;;) {
        XYLEM_TRY(line, next());
        if (line->starts_with("env ")) {
            if (!forwardable(line->substr(4))) {
                return refuse(line.value(), "'env XYLEM_NAME=VALUE'");
            }
            preamble.environment.push_back(line->substr(4));
            continue;
        }
        std::size_t size = 0;
        if (!line->starts_with("configuration ") || !wholeNumber(line->substr(14), size)) {
            return refuse(line.value(), "'env XYLEM_NAME=VALUE' or 'configuration BYTES'");
        }
        if (size == 0 || size > kStdioMaxConfiguration) {
            return makeError(ErrorCode::MalformedInput,
                             "stdin line " + std::to_string(number) + ": a configuration of " +
                                 std::to_string(size) + " bytes (from 1 to " +
                                 std::to_string(kStdioMaxConfiguration) + ")");
        }
        auto text = in.bytes(size, deadline);
        if (!text) {
            return makeError(text.error().code,
                             "stdin: the configuration's " + std::to_string(size) +
                                 " bytes did not come: " + text.error().message);
        }
        preamble.configuration = std::move(text).value();
        return preamble;
    }
}

Result<std::unique_ptr<StdioRendezvous>> StdioRendezvous::start(int in, int out,
                                                                std::function<void()> onLaunchGone)
{
    const int wake = ::eventfd(0, EFD_CLOEXEC);
    if (wake < 0) {
        return makeError(ErrorCode::IoError, std::string("eventfd: ") + std::strerror(errno));
    }
    std::unique_ptr<StdioRendezvous> rendezvous(
        new StdioRendezvous(in, out, wake, std::move(onLaunchGone)));
    rendezvous->m_thread = std::thread([r = rendezvous.get()] { r->read(); });
    return rendezvous;
}

StdioRendezvous::StdioRendezvous(int in, int out, int wake, std::function<void()> onLaunchGone)
    : m_out(out)
    , m_wake(wake)
    , m_in(in, wake, kStdioMaxLine)
    , m_onLaunchGone(std::move(onLaunchGone))
{
}

StdioRendezvous::~StdioRendezvous()
{
    const std::uint64_t one = 1;
    (void)!::write(m_wake, &one, sizeof one);
    if (m_thread.joinable()) {
        m_thread.join();
    }
    ::close(m_wake);
}

void StdioRendezvous::failed(std::string why)
{
    std::lock_guard lock(m_mutex);
    if (!m_failure) {
        m_failure = std::move(why);
    }
    m_changed.notify_all();
}

// The address list, then go; after that stdin only carries the lifeline. A word out of place
// fails the waits (the start fails, naming it) but reading goes on: the end of stdin is still
// the launch going away.
void StdioRendezvous::read()
{
    auto listed = readAddresses();
    std::optional<Result<std::string>> line;
    if (listed) {
        line.emplace(m_in.line(std::nullopt));
        if (*line && line->value() == "go") {
            std::lock_guard lock(m_mutex);
            m_go = true;
            m_changed.notify_all();
        } else if (*line) {
            failed("stdin: expected 'go', not " + shown(line->value()));
        }
    } else {
        failed(listed.error().code == ErrorCode::NotFound ? "the launch went away (stdin ended)"
                                                          : listed.error().message);
    }
    for (;;) {
        if (line && !*line) {
            if ((*line).error().code == ErrorCode::NotFound) {
                failed("the launch went away (stdin ended)");
                m_onLaunchGone();
            }
            return; // woken (the destructor) or the pipe failed: nothing more to read
        }
        line.emplace(m_in.line(std::nullopt)); // anything more is ignored
    }
}

Result<Ok> StdioRendezvous::readAddresses()
{
    auto header = m_in.line(std::nullopt);
    if (!header) {
        return header.error();
    }
    const auto w = words(header.value());
    std::size_t count = 0;
    if (w.size() != 2 || w[0] != "addresses" || !wholeNumber(w[1], count) || count > 65536) {
        return makeError(ErrorCode::MalformedInput,
                         "stdin: expected 'addresses N', not " + shown(header.value()));
    }
    std::map<std::string, Address> addresses;
    for (std::size_t i = 0; i < count; ++i) {
        auto line = m_in.line(std::nullopt);
        if (!line) {
            return line.error();
        }
        const auto fields = words(line.value());
        const auto address =
            fields.size() == 4 && fields[0] == "address" ? parseAddress(fields[2], fields[3])
                                                         : std::nullopt;
        if (!address) {
            return makeError(ErrorCode::MalformedInput, "stdin: expected 'address HOST IP PORT', not " +
                                                            shown(line.value()));
        }
        addresses[fields[1]] = *address;
    }
    std::lock_guard lock(m_mutex);
    m_addresses = std::move(addresses);
    m_changed.notify_all();
    return Ok{};
}

Result<Ok> StdioRendezvous::say(const std::string& line)
{
    return writeAll(m_out, std::string(kHostPrefix) + line + "\n"); // one write: never half a line
}

Result<Ok> StdioRendezvous::publishAddress(const std::string& host, const Address& address)
{
    return say("address " + host + " " + address.ip + " " + std::to_string(address.port));
}

Result<Address> StdioRendezvous::waitForAddress(const std::string& host,
                                                std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait_for(lock, timeout, [this] { return m_addresses || m_failure; });
    if (m_failure) {
        return makeError(ErrorCode::IoError, "waiting for host " + host + "'s address: " + *m_failure);
    }
    if (!m_addresses) {
        return makeError(ErrorCode::IoError, "the launch sent no address list within the start "
                                             "time-out (host " + host + "'s address was wanted)");
    }
    const auto it = m_addresses->find(host);
    if (it == m_addresses->end()) {
        return makeError(ErrorCode::NotFound, "the launch's address list has no host " + host);
    }
    return it->second;
}

Result<Ok> StdioRendezvous::markReady(const std::string& host)
{
    return say("ready " + host);
}

Result<Ok> StdioRendezvous::waitForReady(const std::vector<std::string>& hosts,
                                         std::chrono::milliseconds timeout)
{
    std::unique_lock lock(m_mutex);
    m_changed.wait_for(lock, timeout, [this] { return m_go || m_failure; });
    if (m_failure) {
        return makeError(ErrorCode::IoError, "waiting for the launch's go: " + *m_failure);
    }
    if (!m_go) {
        return makeError(ErrorCode::IoError,
                         "the launch did not say go within the start time-out (not every one of "
                         "the " + std::to_string(hosts.size()) + " hosts got ready)");
    }
    return Ok{};
}

} // namespace xylem::allreduce
