#pragma once

// A relay's way up: what its InnerNode gathered goes to the parent as frames.

#include "core/tree/parentlink.h"
#include "core/tree/upstream.h"

namespace xylem::relay {

class RelayUpstream final : public tree::Upstream
{
public:
    explicit RelayUpstream(tree::ParentLink& parent)
        : m_parent(parent)
    {
    }

    void wave(tree::WaveDataMessage m) override
    {
        send(protocol::MessageType::WaveData, tree::encode(m));
    }
    void subtreeReady(tree::SubtreeReadyMessage m) override
    {
        send(protocol::MessageType::SubtreeReady, tree::encode(m));
    }
    void nodesLost(tree::NodesMessage m) override
    {
        send(protocol::MessageType::NodesLost, tree::encode(m));
    }
    void nodesJoined(tree::NodesMessage m) override
    {
        send(protocol::MessageType::NodesJoined, tree::encode(m));
    }
    void nodesSlow(tree::NodesMessage m) override
    {
        send(protocol::MessageType::NodesSlow, tree::encode(m));
    }
    void nodesBack(tree::NodesMessage m) override
    {
        send(protocol::MessageType::NodesBack, tree::encode(m));
    }
    void clockReport(tree::ClockReportMessage m) override
    {
        send(protocol::MessageType::ClockReport, tree::encode(m));
    }

private:
    void send(protocol::MessageType type, const std::vector<std::uint8_t>& payload)
    {
        m_parent.send(type, payload);
    }

    tree::ParentLink& m_parent;
};

} // namespace xylem::relay
