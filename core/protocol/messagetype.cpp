#include "core/protocol/messagetype.h"

#include <array>
#include <utility>

namespace xylem::protocol {

namespace {
constexpr std::array<std::pair<MessageType, std::string_view>, 20> kNames{{
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
}};
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
