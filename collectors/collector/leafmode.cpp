#include "collectors/collector/leafmode.h"

#include "collectors/collector/leafsources.h"
#include "collectors/collector/notelevel.h"
#include "collectors/collector/ringdirectory.h"
#include "collectors/nodelog/nodelog.h"
#include "core/tree/clockoffset.h"
#include "core/tree/leafnode.h"

#include <algorithm>
#include <memory>
#include <thread>
#include <vector>

namespace xylem::collector {

namespace {

void log(std::uint32_t node, const std::string& line, nodelog::Level level = nodelog::Level::Info)
{
    nodelog::Log("xylem-collector (leaf " + std::to_string(node) + ")").write(level, line);
}

// Samples on the collector's own schedule, not only when a wave asks: the points of a curve
// stay one sample period apart however the front-end pulls.
void keepSampling(boost::asio::steady_timer& timer, LeafSources& sources, std::int64_t periodNs)
{
    const std::int64_t now = tree::tupleClockNowNs();
    const auto due = sources.sampleIfDue(now);
    const std::int64_t wait = due ? std::max<std::int64_t>(*due - now, 1'000'000) : periodNs;
    timer.expires_after(std::chrono::nanoseconds(wait));
    timer.async_wait([&timer, &sources, periodNs](const boost::system::error_code& ec) {
        if (!ec) {
            keepSampling(timer, sources, periodNs);
        }
    });
}

// Passes on what the service noted (retired and refused rings) once a second.
void keepLogging(boost::asio::steady_timer& timer, LeafSources& sources, std::uint32_t node)
{
    for (const std::string& line : sources.takeLog()) {
        log(node, line, levelOfNote(line));
    }
    timer.expires_after(std::chrono::seconds(1));
    timer.async_wait([&timer, &sources, node](const boost::system::error_code& ec) {
        if (!ec) {
            keepLogging(timer, sources, node);
        }
    });
}

// A leaf the tree started serves the rings of one run (a prefix of its own): leaving, it
// removes those whose writers are gone, the program ended or killed. Rings still written stay
// for whoever outlives them (xylem-gsum's launch removes its hosts').
void removeFinishedRings(const CollectorOptions& options)
{
    RingDirectory rings(options.ringPrefix, options.shmDirectory);
    rings.scan(tree::tupleClockNowNs());
    std::vector<std::uint32_t> finished;
    for (const auto& [id, tracked] : rings.rings()) {
        if (!tracked.processAlive || tracked.ring.closed()) {
            finished.push_back(id);
        }
    }
    for (const std::uint32_t id : finished) {
        rings.retire(id);
    }
}

int serveTree(const LeafModeOptions& options)
{
    LeafSources sources(options.collector, options.node);
    for (int attempt = 0;; ++attempt) {
        boost::asio::io_context io;
        tree::LeafNode::Hooks hooks;
        hooks.log = [&](const std::string& line) { // what went wrong: a bad request, a source
            log(options.node, line, nodelog::Level::Warning);
        };
        hooks.sources = [&](const tree::SourceSpec& spec) {
            return sources.make(spec);
        };
        hooks.control = [&](const tree::ControlMessage& c) {
            log(options.node, "control: " + c.command, nodelog::Level::Debug);
            if (c.command == kMonitoredConfiguration) {
                sources.setConfiguration(c.argument);
            } else if (c.command == kBufferPolicy) {
                if (auto set = sources.setBufferPolicy(c.argument); !set) {
                    log(options.node, set.error().message, nodelog::Level::Warning);
                }
            } else if (c.command == kRingCapacity) {
                if (auto set = sources.setRingCapacity(c.argument); !set) {
                    log(options.node, set.error().message, nodelog::Level::Warning);
                }
            } else if (c.command == kCoscheduleControl) {
                if (const auto point = ring::coschedulePointFromString(c.argument)) {
                    *options.collector.coschedule = *point; // the service follows it
                } else {
                    log(options.node, "unknown coscheduling '" + c.argument + "'",
                        nodelog::Level::Warning);
                }
            }
        };
        tree::LeafNode leaf(io, options.parent, options.token, options.node, hooks);
        if (auto joined = leaf.join(std::chrono::seconds(30)); !joined) {
            log(options.node, "cannot join the tree: " + joined.error().message,
                options.attached && attempt < 30 ? nodelog::Level::Warning : nodelog::Level::Error);
            if (!options.attached || attempt >= 30) {
                return 1;
            }
            std::this_thread::sleep_for(std::chrono::seconds(1));
            continue;
        }
        attempt = 0;
        boost::asio::steady_timer sampling(io);
        if (options.collector.samplePeriodNs > 0) {
            keepSampling(sampling, sources, options.collector.samplePeriodNs);
        }
        boost::asio::steady_timer logging(io);
        keepLogging(logging, sources, options.node);
        boost::asio::signal_set signals(io, SIGINT, SIGTERM);
        bool stopped = false;
        signals.async_wait([&](const boost::system::error_code& ec, int) {
            stopped = !ec;
            io.stop();
        });
        const std::string why = leaf.run();
        if (why.starts_with("shut down")) {
            return 0; // the ordinary end: nothing to say
        }
        if (stopped || !options.attached) {
            log(options.node, why.empty() ? "stopped" : why);
            return 0;
        }
        log(options.node, why + "; rejoining", nodelog::Level::Warning);
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
}

} // namespace

int runLeaf(const LeafModeOptions& options)
{
    const int code = serveTree(options);
    if (options.ownsRings) {
        removeFinishedRings(options.collector);
    }
    return code;
}

} // namespace xylem::collector
