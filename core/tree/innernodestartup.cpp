// InnerNode: start-up (SubtreeReady) and clocks (ping-pong per edge, reports up the tree).

#include "core/tree/innernode.h"

#include <algorithm>
#include <utility>

namespace xylem::tree {

using protocol::MessageType;

void InnerNode::awaitChildren(std::chrono::milliseconds timeout,
                              std::vector<NodeAddress> selfAddress)
{
    m_selfAddress = std::move(selfAddress);
    m_startupTimer.expires_after(timeout);
    m_startupTimer.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) {
            finishStartup();
        }
    });
    if (std::all_of(m_ready.begin(), m_ready.end(), [](const auto& r) { return r.has_value(); })) {
        finishStartup();
    }
}

void InnerNode::onChildReady(std::uint32_t slot, const SubtreeReadyMessage& ready)
{
    if (m_startupDone) {
        // A restarted relay's subtree: what came back is in ready.nodes; report its addresses.
        return;
    }
    m_ready[slot] = ready;
    if (std::all_of(m_ready.begin(), m_ready.end(), [](const auto& r) { return r.has_value(); }) &&
        !m_selfAddress.empty()) {
        finishStartup();
    }
}

void InnerNode::finishStartup()
{
    if (m_startupDone) {
        return;
    }
    m_startupDone = true;
    m_startupTimer.cancel();
    SubtreeReadyMessage ready{m_self, 1, {}, m_selfAddress};
    for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
        if (!m_ready[slot]) {
            const auto below = subtreeOf(slot);
            ready.missing.insert(ready.missing.end(), below.begin(), below.end());
            continue;
        }
        ready.nodes += m_ready[slot]->nodes;
        ready.missing.insert(ready.missing.end(), m_ready[slot]->missing.begin(),
                             m_ready[slot]->missing.end());
        ready.listening.insert(ready.listening.end(), m_ready[slot]->listening.begin(),
                               m_ready[slot]->listening.end());
    }
    m_up.subtreeReady(std::move(ready));
}

void InnerNode::measureClocks()
{
    for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
        restartClock(slot);
        if (m_live[slot]) {
            ping(slot);
        }
    }
    m_children.multicast(MessageType::MeasureClocks, {});
}

void InnerNode::restartClock(std::uint32_t slot)
{
    // The ping ids go on from the last round's: a pong of a round still in flight (the one a
    // join starts, then the front-end's first measurement right after) must not pass for an
    // answer to this round's ping of the same number, which would pair the child's older reading
    // with a later send time and give an offset off by the time between them, with a small
    // round trip for its bound.
    const std::uint64_t lastId = m_clocks[slot].pingId;
    m_clocks[slot] = ChildClock{};
    m_clocks[slot].pingId = lastId;
}

void InnerNode::ping(std::uint32_t slot)
{
    ChildClock& clock = m_clocks[slot];
    clock.sentNs = tupleClockNowNs();
    m_children.send(slot, MessageType::Ping, encode(PingMessage{++clock.pingId}));
}

void InnerNode::onPong(std::uint32_t slot, const PongMessage& pong)
{
    ChildClock& clock = m_clocks[slot];
    if (pong.id != clock.pingId) {
        return; // an answer to a round that was restarted
    }
    clock.estimator.add(clock.sentNs, pong.clockNs, tupleClockNowNs());
    if (clock.estimator.samples() < kPings) {
        ping(slot);
        return;
    }
    ClockReportMessage report;
    report.offsets.push_back(ClockOffset{m_children.nodeOf(slot), clock.estimator.offsetNs(),
                                         clock.estimator.errorNs()});
    for (const ClockOffset& below : std::exchange(clock.heldReports, {})) {
        report.offsets.push_back(ClockOffset{below.node,
                                             below.offsetNs + clock.estimator.offsetNs(),
                                             below.errorNs + clock.estimator.errorNs()});
    }
    m_up.clockReport(std::move(report));
}

void InnerNode::onChildClockReport(std::uint32_t slot, ClockReportMessage report)
{
    ChildClock& clock = m_clocks[slot];
    if (clock.estimator.samples() < kPings) {
        clock.heldReports.insert(clock.heldReports.end(), report.offsets.begin(),
                                 report.offsets.end());
        return;
    }
    for (ClockOffset& o : report.offsets) {
        o.offsetNs += clock.estimator.offsetNs();
        o.errorNs += clock.estimator.errorNs();
    }
    m_up.clockReport(std::move(report));
}

} // namespace xylem::tree
