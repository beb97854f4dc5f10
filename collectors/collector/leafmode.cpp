#include "collectors/collector/leafmode.h"

#include "core/tree/clockoffset.h"
#include "core/tree/leafnode.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <thread>

namespace xylem::collector {

namespace {

void log(std::uint32_t node, const std::string& line)
{
    std::fprintf(stderr, "xylem-collector (leaf %u): %s\n", node, line.c_str());
}

// Tuples from this node's rings: each wave takes what was recorded since the previous one.
class RingTupleSource final : public tree::LeafSource
{
public:
    RingTupleSource(CollectorService& service, std::uint32_t maxTuples)
        : m_service(service)
        , m_client(service.openClient("gather tree"))
        , m_max(maxTuples)
    {
    }
    ~RingTupleSource() override { m_service.closeClient(m_client); }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        gather::Tuples out;
        for (auto& ring : m_service.readTuples(m_client, m_max).rings) {
            out.tuples.insert(out.tuples.end(), ring.tuples.begin(), ring.tuples.end());
        }
        return gather::Batch{1, std::move(out)};
    }

private:
    CollectorService& m_service;
    ClientId m_client;
    std::uint32_t m_max;
};

// The node's ring accounting, every ring it served (retired ones too): Numbers {written, read,
// overwritten, rings}. Summed up the tree, the front-end gets the gather rate of the scope.
class RingCountSource final : public tree::LeafSource
{
public:
    explicit RingCountSource(CollectorService& service)
        : m_service(service)
    {
    }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        const auto t = m_service.totals();
        return gather::Batch{
            1, gather::Numbers{{static_cast<double>(t.written), static_cast<double>(t.read),
                                static_cast<double>(t.overwritten), static_cast<double>(t.rings)}}};
    }

private:
    CollectorService& m_service;
};

} // namespace

int runLeaf(const LeafModeOptions& options)
{
    std::unique_ptr<CollectorService> service; // made on first use
    for (int attempt = 0;; ++attempt) {
        boost::asio::io_context io;
        tree::LeafNode::Hooks hooks;
        hooks.log = [&](const std::string& line) {
            log(options.node, line);
        };
        hooks.sources =
            [&](const tree::SourceSpec& spec) -> Result<std::unique_ptr<tree::LeafSource>> {
            if ((spec.name == "ring-tuples" || spec.name == "ring-counts") && !service) {
                service = std::make_unique<CollectorService>(options.collector);
            }
            if (spec.name == "ring-counts") {
                return std::unique_ptr<tree::LeafSource>(new RingCountSource(*service));
            }
            if (spec.name == "ring-tuples") {
                const auto max = spec.arguments.empty() ? 65536 : spec.arguments[0];
                return std::unique_ptr<tree::LeafSource>(new RingTupleSource(
                    *service,
                    static_cast<std::uint32_t>(std::clamp<std::int64_t>(max, 1, 1 << 20))));
            }
            return tree::makeBuiltinSource(spec, options.node);
        };
        hooks.control = [&](const tree::ControlMessage& c) {
            log(options.node, "control: " + c.command);
        };
        tree::LeafNode leaf(io, options.parent, options.token, options.node, hooks);
        if (auto joined = leaf.join(std::chrono::seconds(30)); !joined) {
            log(options.node, "cannot join the tree: " + joined.error().message);
            if (!options.attached || attempt >= 30) {
                return 1;
            }
            std::this_thread::sleep_for(std::chrono::seconds(1));
            continue;
        }
        attempt = 0;
        boost::asio::signal_set signals(io, SIGINT, SIGTERM);
        bool stopped = false;
        signals.async_wait([&](const boost::system::error_code& ec, int) {
            stopped = !ec;
            io.stop();
        });
        const std::string why = leaf.run();
        if (stopped || why.starts_with("shut down") || !options.attached) {
            log(options.node, why.empty() ? "stopped" : why);
            return 0;
        }
        log(options.node, why + "; rejoining");
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
}

} // namespace xylem::collector
