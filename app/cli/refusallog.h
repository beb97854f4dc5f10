#pragma once

// What xylem-cli record says about strangers: a connection to the gather tree's port that did
// not prove the tree's token (garbage, a wrong token, nothing in time) is named with its peer
// and what happened on standard error, so that a misconfigured collector or a scanner is seen. The first
// kShown are printed, then one line says that more are not; the front-end's other log lines
// (nodes lost, joined, slow) record reports itself, from the tree's events.
//
// Called from the tree's I/O thread.

#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>

namespace xylem::cli {

class RefusalLog
{
public:
    static constexpr int kShown = 10;

    explicit RefusalLog(std::ostream& err)
        : m_err(err)
    {
    }

    // A line of the front-end's log (tree::FrontEndOptions::log).
    void operator()(const std::string& line);
    std::int64_t refusals() const;

private:
    std::ostream& m_err;
    mutable std::mutex m_mutex;
    std::int64_t m_refusals = 0;
};

} // namespace xylem::cli
