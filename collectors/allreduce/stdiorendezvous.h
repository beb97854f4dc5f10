#pragma once

// The rendezvous through the launch's pipes (`xylem-gsum run --rendezvous stdio`), for hosts on
// machines that share nothing with the launch or with each other: ssh, srun and the like
// forward a command's stdin and stdout and nothing else (no descriptor, no environment). The
// launch (gsum/stdiolauncher.h) and each host talk in lines:
//
//   launch -> host, on its stdin          host -> launch, on its stdout
//   xylem-gsum-stdio 1
//   token TOKEN
//   env NAME=VALUE         (0 or more: XYLEM_* variables for the host, its rings' prefix)
//   configuration BYTES
//   <BYTES bytes: the configuration's JSON>
//                                         xylem-gsum: address HOST IP PORT   (it listens)
//   addresses N
//   address HOST IP PORT   (N lines: every host's)
//                                         xylem-gsum: ready HOST   (its paths are connected)
//   go                     (every host is ready)
//                                         ... the run, then its report line, as ever
//
// A line is at most kStdioMaxLine bytes and the configuration at most kStdioMaxConfiguration;
// anything else is refused with the line's number and what was expected there. stdin stays
// open for the whole run: its end is the host's lifeline (the launch is gone: stop, clean up).

#include "collectors/allreduce/pipereader.h"
#include "collectors/allreduce/rendezvous.h"

#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace xylem::allreduce {

inline constexpr const char* kStdioGreeting = "xylem-gsum-stdio 1";
inline constexpr std::size_t kStdioMaxLine = 4096;
inline constexpr std::size_t kStdioMaxConfiguration = 16u << 20;

struct StdioPreamble
{
    std::string token;
    std::vector<std::string> environment; // NAME=VALUE, every NAME starting with XYLEM_
    std::string configuration;            // JSON (xylem-tree/1)
};

// The launch's side of the text.
std::string stdioPreambleText(const StdioPreamble& preamble);
std::string stdioAddressListText(const std::vector<std::pair<std::string, Address>>& addresses);
inline constexpr const char* kStdioGo = "go\n";

// The host's lines, as the launch reads them: "xylem-gsum: address HOST IP PORT" and
// "xylem-gsum: ready HOST". nullopt when the line is not one.
std::optional<std::pair<std::string, Address>> parseStdioAddressLine(const std::string& line);
std::optional<std::string> parseStdioReadyLine(const std::string& line);

// The host's side: the preamble, read by the deadline; errors say "stdin line N: ...".
Result<StdioPreamble> readStdioPreamble(PipeReader& in, PipeReader::Clock::time_point deadline);

class StdioRendezvous : public Rendezvous
{
public:
    // in: the host's stdin after the preamble (the launch writes nothing more until this host
    // has said its address, so the preamble's reader read nothing ahead of it); out: where its
    // lines go (stdout). onLaunchGone runs once, on the rendezvous's own thread, when stdin
    // ends (the launch went away).
    static Result<std::unique_ptr<StdioRendezvous>> start(int in, int out,
                                                          std::function<void()> onLaunchGone);
    ~StdioRendezvous() override; // stops reading (onLaunchGone is not called after)
    StdioRendezvous(const StdioRendezvous&) = delete;
    StdioRendezvous& operator=(const StdioRendezvous&) = delete;

    // Writes "xylem-gsum: address ..." for the launch.
    Result<Ok> publishAddress(const std::string& host, const Address& address) override;
    // From the launch's address list (every host's, sent once all have published).
    Result<Address> waitForAddress(const std::string& host,
                                   std::chrono::milliseconds timeout) override;
    Result<Ok> markReady(const std::string& host) override;
    // The launch's go: it knows when every host is ready.
    Result<Ok> waitForReady(const std::vector<std::string>& hosts,
                            std::chrono::milliseconds timeout) override;

private:
    StdioRendezvous(int in, int out, int wake, std::function<void()> onLaunchGone);
    void read();
    Result<Ok> readAddresses();
    void failed(std::string why);
    Result<Ok> say(const std::string& line);

    int m_out;
    int m_wake; // an eventfd the destructor writes to end the reading
    PipeReader m_in;
    std::function<void()> m_onLaunchGone;
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::optional<std::map<std::string, Address>> m_addresses;
    bool m_go = false;
    std::optional<std::string> m_failure; // what went wrong on stdin, for the waits
    std::thread m_thread;
};

} // namespace xylem::allreduce
