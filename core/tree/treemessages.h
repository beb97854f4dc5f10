#pragma once

// The tree's messages live with every other message of the wire, in core/protocol
// (treemessages.h there); the tree speaks of them as its own.

#include "core/protocol/treemessages.h"

namespace xylem::tree {

using gather::Batch;

using protocol::claimOf;
using protocol::ClockOffset;
using protocol::ClockReportMessage;
using protocol::CloseStreamMessage;
using protocol::ControlMessage;
using protocol::Gathering;
using protocol::kLocateNode;
using protocol::NodeAddress;
using protocol::NodesMessage;
using protocol::PingMessage;
using protocol::PongMessage;
using protocol::PullMessage;
using protocol::SourceSpec;
using protocol::StreamSpec;
using protocol::SubtreeReadyMessage;
using protocol::TreeChallengeMessage;
using protocol::TreeHelloMessage;
using protocol::TreeLocatedMessage;
using protocol::TreeLocateMessage;
using protocol::TreeProofMessage;
using protocol::TreeWelcomeMessage;
using protocol::WaveDataMessage;

using protocol::decodeClockReport;
using protocol::decodeCloseStream;
using protocol::decodeControl;
using protocol::decodeNodes;
using protocol::decodePing;
using protocol::decodePong;
using protocol::decodePull;
using protocol::decodeStreamSpec;
using protocol::decodeSubtreeReady;
using protocol::decodeTreeChallenge;
using protocol::decodeTreeHello;
using protocol::decodeTreeLocate;
using protocol::decodeTreeLocated;
using protocol::decodeTreeProof;
using protocol::decodeTreeWelcome;
using protocol::decodeWaveData;
using protocol::encode;

} // namespace xylem::tree
