// InnerNode: the slow watch — which children owe waves and stopped answering (innernode.h).

#include "core/tree/innernode.h"

#include <algorithm>
#include <cstdio>

namespace xylem::tree {

using protocol::MessageType;
using Clock = std::chrono::steady_clock;

namespace {

std::string seconds(Clock::duration d)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", std::chrono::duration<double>(d).count());
    return text;
}

} // namespace

bool InnerNode::counted(std::uint32_t slot) const
{
    return m_live[slot] && m_watch[slot].state != ChildWatch::State::Slow;
}

bool InnerNode::anyCounted() const
{
    for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
        if (counted(slot)) {
            return true;
        }
    }
    return false;
}

std::uint64_t InnerNode::owedBy(std::uint32_t slot) const
{
    std::uint64_t owed = 0;
    for (const auto& [id, stream] : m_streams) {
        owed += stream.owed[slot];
    }
    return owed;
}

void InnerNode::sendPull(Stream& stream, std::uint32_t slot, const PullMessage& pull)
{
    if (owedBy(slot) == 0) {
        m_watch[slot].waitingSince = Clock::now(); // from now on it owes an answer
    }
    stream.owed[slot] += pull.count;
    m_children.send(slot, MessageType::Pull, encode(pull));
}

void InnerNode::delivered(Stream& stream, std::uint32_t slot)
{
    stream.owed[slot] -= std::min<std::uint64_t>(stream.owed[slot], 1);
    ChildWatch& watch = m_watch[slot];
    watch.waitingSince = Clock::now();
    if (watch.state == ChildWatch::State::Slow) {
        // Answering again: waited for from the next waves on; its backlog arrives late.
        watch.state = ChildWatch::State::CatchingUp;
        for (auto& [id, s] : m_streams) {
            s.assembler.childRejoined(slot);
        }
    }
}

// After a catching-up child's batch went in: once it owes nothing more, it is back.
void InnerNode::heardFrom(std::uint32_t slot, Stream& stream, std::uint64_t lateBefore,
                          std::uint64_t carriedBefore)
{
    ChildWatch& watch = m_watch[slot];
    if (watch.state != ChildWatch::State::CatchingUp) {
        return;
    }
    watch.lateDropped += stream.assembler.lateBatches() - lateBefore;
    watch.lateCarried += stream.assembler.carriedBatches() - carriedBefore;
    if (owedBy(slot) > 0) {
        return;
    }
    watch.state = ChildWatch::State::Answering;
    std::string text = m_topology.nodes[m_children.nodeOf(slot)].name() +
                       ": answering again after " + seconds(Clock::now() - watch.slowSince) +
                       " without an answer";
    if (watch.lateCarried + watch.lateDropped > 0) {
        text += "; of its late batches " + std::to_string(watch.lateCarried) +
                " were taken into later waves, " + std::to_string(watch.lateDropped) +
                " dropped (totals its newer batches replace)";
    }
    m_log(text);
    m_up.nodesBack(NodesMessage{subtreeOf(slot), text});
}

void InnerNode::resetWatch(std::uint32_t slot)
{
    m_watch[slot] = ChildWatch{};
    for (auto& [id, stream] : m_streams) {
        stream.owed[slot] = 0;
    }
}

// Well under the half slow time-out one level above waits longer (innernode.h).
std::chrono::milliseconds InnerNode::watchPeriod() const
{
    return std::clamp<std::chrono::milliseconds>(m_slowAfter / 10, std::chrono::milliseconds(10),
                                                 std::chrono::milliseconds(500));
}

void InnerNode::startWatch()
{
    const auto period = watchPeriod();
    m_watchTimer.expires_after(period);
    m_watchTimer.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) {
            watchChildren();
            startWatch();
        }
    });
}

void InnerNode::watchChildren()
{
    const auto now = Clock::now();
    const auto period = watchPeriod();
    const bool stalled = now - m_lastWatch > period + m_slowAfter / 2;
    m_lastWatch = now;
    for (std::uint32_t slot = 0; slot < m_children.childSlots(); ++slot) {
        ChildWatch& watch = m_watch[slot];
        if (!m_live[slot] || watch.state == ChildWatch::State::Slow || owedBy(slot) == 0) {
            continue;
        }
        if (stalled) {
            // This node itself did not run for a while (paused, swapped out): its children's
            // answers may be waiting unread. Count their silence from now.
            watch.waitingSince = now;
        } else if (now - watch.waitingSince >= m_slowAfter) {
            becameSlow(slot, now);
        }
    }
}

void InnerNode::becameSlow(std::uint32_t slot, gather::SteadyTime now)
{
    ChildWatch& watch = m_watch[slot];
    const bool news =
        watch.state == ChildWatch::State::Answering; // a catching-up child is still reported
    watch.state = ChildWatch::State::Slow;
    if (news) {
        watch.slowSince = watch.waitingSince;
        watch.lateCarried = watch.lateDropped = 0;
    }
    const std::uint64_t owed = owedBy(slot);
    for (auto& [id, stream] : m_streams) {
        deliver(stream, stream.assembler.childLost(slot));
        if (!stream.sequential.empty() && stream.sequentialChild == slot) {
            ++stream.sequentialChild;
            sendSequentialPull(stream);
        }
    }
    if (news) {
        const std::string text = m_topology.nodes[m_children.nodeOf(slot)].name() +
                                 ": no answer for " + seconds(now - watch.waitingSince) + " (" +
                                 std::to_string(owed) + " waves owed)";
        m_log(text + "; going on without it");
        m_up.nodesSlow(NodesMessage{subtreeOf(slot), text});
    }
}

} // namespace xylem::tree
