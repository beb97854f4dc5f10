#pragma once

// The root of the gather tree, as a library for `xylem` and `xylem-cli`: starts (or lets attach)
// the relays and collectors of a topology, opens streams, pulls waves and hands back each
// complete, reduced wave in order; reports lost, rejoined, slow and answering-again nodes and
// the clock offsets of every node. Its own Asio thread runs the tree; every call here is
// thread-safe. A collector that attaches by the front-end's address is told where its parent
// listens (attachlocate.h).
//
// A wave is complete once every child answered, or went without a silent child: no node waits
// longer than its slow time-out (innernode.h) for a child that owes waves, so next() has its
// wave within slowAfter() of the last answer below, however long a node stays paused.
//
// Flow control: data moves only when pulled, and at most `window` waves of a stream are
// pulled and not yet taken by next(); a consumer that falls behind makes pull() wait, and the
// whole tree idles instead of buffering.

#include "core/gather/topology.h"
#include "core/tree/innernode.h"
#include "core/tree/subtreelauncher.h"
#include "core/tree/treemessages.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace xylem::tree {

struct FrontEndOptions
{
    gather::Topology topology;
    LaunchSettings launch;
    std::string listen = "auto"; // an address of this host, auto, 0.0.0.0 or :: (listenaddress.h)
    std::string addressFile;     // written once the relays listen (always when leaves attach)
    std::chrono::milliseconds startTimeout{30000};
    std::uint32_t window = 64; // waves of a stream in flight
    // The tree's slow time-out at the leaves' parents (innernode.h), sent to every relay.
    std::chrono::milliseconds slowAfter = kSlowAfter;
    std::function<void(const std::string&)> log;
};

struct StartupReport
{
    std::chrono::microseconds latency{0}; // from start() until every node reported ready
    std::uint32_t nodesUp = 0;            // the front-end included
    std::vector<std::uint32_t> missing;   // nodes that did not come up
};

struct Wave
{
    std::uint32_t stream = 0;
    std::uint64_t wave = 0;
    gather::Batch batch;
    std::vector<std::uint32_t> missing; // nodes whose data is not in the batch
};

struct TreeEvent
{
    enum class Kind
    {
        Lost,   // died or unreachable (its edge closed or silent for the idle time-out)
        Joined, // (re)joined
        Slow,   // owes waves and does not answer: the waves go on without it
        Back    // slow, and answering again
    };
    Kind kind = Kind::Lost;
    std::vector<std::uint32_t> nodes;         // the node and every node below it
    std::string reason;                       // names the node: "n3:2: no answer for 2.0 s ..."
    std::chrono::steady_clock::time_point at; // when the front-end heard it
};

class FrontEnd
{
public:
    static Result<std::unique_ptr<FrontEnd>> start(FrontEndOptions options);
    ~FrontEnd();
    FrontEnd(const FrontEnd&) = delete;
    FrontEnd& operator=(const FrontEnd&) = delete;

    const StartupReport& startup() const;
    const gather::Topology& topology() const;
    std::uint16_t listenPort() const;         // where the front-end's children connect
    const std::string& listenAddress() const; // and at which address (the advertised one)
    // How long the front-end waits for a silent child (its level's slow time-out).
    std::chrono::milliseconds slowAfter() const;
    // The process of a child of the front-end this front-end started (0 if none).
    pid_t childProcess(std::uint32_t node) const;

    Result<Ok> openStream(const StreamSpec& spec);
    void closeStream(std::uint32_t stream);
    // Asks for `count` more waves; waits while the window is full (error after timeout).
    Result<Ok> pull(std::uint32_t stream, std::uint32_t count, std::chrono::milliseconds timeout);
    // The stream's next wave in order, once complete.
    Result<Wave> next(std::uint32_t stream, std::chrono::milliseconds timeout);
    void control(const ControlMessage& control);
    // Measures every edge again and waits for the offsets of every live node.
    Result<std::vector<ClockOffset>> measureClocks(std::chrono::milliseconds timeout);
    std::vector<ClockOffset> clockOffsets() const; // latest, by node
    std::vector<TreeEvent> takeEvents();
    // Tells every node to leave and stops the processes it started.
    void shutdown();

private:
    class Impl;
    explicit FrontEnd(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace xylem::tree
