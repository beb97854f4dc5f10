#pragma once

// One host's part of an allreduce over a configuration: the wrappers placed on this host, for
// each tree instance, wired into paths; the stubs of its proxies connected to their parents'
// hosts; the service threads for the proxies whose parents live here. Its threads then call
// allreduce(), which walks the path from the thread's edge.

#include "collectors/allreduce/allreduceruntime.h"
#include "collectors/allreduce/corewrapper.h"
#include "collectors/allreduce/gredwrapper.h"
#include "collectors/allreduce/pathservice.h"
#include "collectors/allreduce/proxystub.h"
#include "collectors/allreduce/rendezvous.h"
#include "collectors/allreduce/wanemulation.h"
#include "core/model/configuration.h"
#include "core/protocol/allreducemessages.h"

#include <atomic>
#include <boost/asio.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xylem::allreduce {

struct RuntimeOptions
{
    std::string host;
    int trees = 2;     // tree instances; call seq uses tree seq % trees
    std::string token; // the run's secret: paths of another run are refused
    std::string listenAddress = "127.0.0.1";
    std::uint16_t listenPort = 0;             // 0: any free port (published in the run directory)
    std::map<std::string, LinkEmulation> wan; // per proxy id
    std::chrono::milliseconds startTimeout{30000}; // for all of start(): peers, paths, ready
    RecordingSchedule recording;                   // which calls the services' collectors record
};

class HostRuntime : public AllreduceRuntime
{
public:
    // Builds the wrappers, connects every path and waits until every host is ready.
    static Result<std::unique_ptr<HostRuntime>> start(const Configuration& config,
                                                      const RuntimeOptions& options,
                                                      Rendezvous& run, probe::Probe* probe);
    ~HostRuntime() override;

    // Thread wrappers on this host, in configuration order.
    const std::vector<int>& threads() const override { return m_threads; }
    Payload allreduce(CallContext& context, int threadWrapper, std::int64_t seq,
                      Payload value) override;
    // Ends the paths in order (stubs say goodbye) and joins the service threads.
    void finish();

private:
    HostRuntime(const Configuration& config, RuntimeOptions options);

    struct AcceptedPath
    {
        int tree;
        int proxy;
        FramedSocket socket;
    };

    using Clock = std::chrono::steady_clock;

    // Start-up (hostruntimestartup.cpp), bounded by one deadline.
    Result<Ok> listen();
    size_t incomingPaths() const;
    Result<std::vector<AcceptedPath>> acceptPaths(size_t expected, Clock::time_point deadline,
                                                  const std::atomic<bool>& abandon);
    std::optional<AcceptedPath> takePath(boost::asio::ip::tcp::socket socket,
                                         Clock::time_point deadline,
                                         std::vector<std::string>& refused);
    Result<Ok> introducePath(FramedSocket& framed, protocol::PathHelloMessage hello,
                             const std::string& where, Clock::time_point deadline);
    Result<Ok> connectStubs(Rendezvous& run, Clock::time_point deadline);

    RuntimeWrapper* makeWrapper(int tree, int w);
    void wire(std::vector<AcceptedPath> paths, probe::Probe* probe);
    LinkEmulation linkOf(int proxy) const;
    std::string pathName(int tree, int proxy) const;

    const Configuration& m_config;
    RuntimeOptions m_options;
    std::vector<int> m_threads;
    boost::asio::io_context m_io;
    boost::asio::ip::tcp::acceptor m_acceptor;
    // Per tree: the local wrapper objects by wrapper index (null if not here), the threads' edges.
    std::vector<std::vector<std::unique_ptr<RuntimeWrapper>>> m_wrappers;
    std::vector<std::map<int, Edge>> m_threadEdges;
    std::vector<ProxyStub*> m_stubs;
    std::vector<std::unique_ptr<PathService>> m_services;
};

// Every edge that crosses hosts must pass a proxy (whose stub sits on the child's host).
Result<Ok> checkRunnable(const Configuration& config);

} // namespace xylem::allreduce
