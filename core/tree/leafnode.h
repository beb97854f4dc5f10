#pragma once

// A leaf of the gather tree (the collector daemon's side of it): joins its parent, answers
// each pulled wave of each open stream with its source's batch (reduced at the source when the
// stream asks), and passes control commands to its owner. It ends when the parent says
// Shutdown or goes away.

#include "core/gather/filter.h"
#include "core/tree/leafsource.h"
#include "core/tree/parentlink.h"

#include <map>

namespace xylem::tree {

class LeafNode
{
public:
    struct Hooks
    {
        SourceFactory sources;                              // null: the built-in ones
        std::function<void(const ControlMessage&)> control; // may be null
        std::function<void(const std::string&)> log;
    };

    LeafNode(boost::asio::io_context& io, ParentAddress parent, std::string token,
             std::uint32_t node, Hooks hooks);

    Result<Ok> join(std::chrono::milliseconds timeout);
    // Serves until Shutdown or the parent's end; returns why it ended.
    std::string run();

private:
    void onFrame(protocol::Frame& frame);
    void openStream(const StreamSpec& spec);
    void answer(const PullMessage& pull);

    boost::asio::io_context& m_io;
    ParentLink m_parent;
    std::uint32_t m_node;
    Hooks m_hooks;
    gather::FilterRegistry m_filters;
    struct Stream
    {
        StreamSpec spec;
        std::unique_ptr<LeafSource>
            source; // null: the source failed (error logged, waves go up empty)
        gather::FilterFunction filter = nullptr;
    };
    std::map<std::uint32_t, Stream> m_streams;
    std::string m_ended;
};

} // namespace xylem::tree
