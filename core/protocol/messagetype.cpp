#include "core/protocol/messagetype.h"

#include <utility>

namespace xylem::protocol {

namespace {
constexpr std::pair<MessageType, std::string_view> kNames[]{
    {MessageType::Error, "Error"},
    {MessageType::RegisterRing, "RegisterRing"},
    {MessageType::ListRings, "ListRings"},
    {MessageType::RingList, "RingList"},
    {MessageType::SetPolicy, "SetPolicy"},
    {MessageType::ReadTuples, "ReadTuples"},
    {MessageType::TupleBatch, "TupleBatch"},
    {MessageType::ReadSamples, "ReadSamples"},
    {MessageType::SampleBatch, "SampleBatch"},
    {MessageType::InstallFilter, "InstallFilter"},
    {MessageType::PollFilter, "PollFilter"},
    {MessageType::FilterResult, "FilterResult"},
    {MessageType::RemoveFilter, "RemoveFilter"},
    {MessageType::Ack, "Ack"},
    {MessageType::Hello, "Hello"},
    {MessageType::Welcome, "Welcome"},
    {MessageType::PathHello, "PathHello"},
    {MessageType::AllreduceRequest, "AllreduceRequest"},
    {MessageType::AllreduceReply, "AllreduceReply"},
    {MessageType::PathGoodbye, "PathGoodbye"},
    {MessageType::PathChallenge, "PathChallenge"},
    {MessageType::PathProof, "PathProof"},
    {MessageType::TreeHello, "TreeHello"},
    {MessageType::TreeWelcome, "TreeWelcome"},
    {MessageType::SubtreeReady, "SubtreeReady"},
    {MessageType::OpenStream, "OpenStream"},
    {MessageType::CloseStream, "CloseStream"},
    {MessageType::Pull, "Pull"},
    {MessageType::WaveData, "WaveData"},
    {MessageType::Control, "Control"},
    {MessageType::Ping, "Ping"},
    {MessageType::Pong, "Pong"},
    {MessageType::NodesLost, "NodesLost"},
    {MessageType::NodesJoined, "NodesJoined"},
    {MessageType::ClockReport, "ClockReport"},
    {MessageType::MeasureClocks, "MeasureClocks"},
    {MessageType::Shutdown, "Shutdown"},
    {MessageType::Heartbeat, "Heartbeat"},
    {MessageType::NodesSlow, "NodesSlow"},
    {MessageType::NodesBack, "NodesBack"},
    {MessageType::TreeLocate, "TreeLocate"},
    {MessageType::TreeChallenge, "TreeChallenge"},
    {MessageType::TreeProof, "TreeProof"},
    {MessageType::TreeLocated, "TreeLocated"},
};
} // namespace

bool isKnownMessageType(std::uint16_t value)
{
    for (const auto& [type, name] : kNames) {
        if (static_cast<std::uint16_t>(type) == value) {
            return true;
        }
    }
    return false;
}

std::string_view toString(MessageType type)
{
    for (const auto& [t, name] : kNames) {
        if (t == type) {
            return name;
        }
    }
    return "unknown";
}

} // namespace xylem::protocol
