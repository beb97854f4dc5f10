#pragma once

// The gather side of an MPI recording (mpirecording.h): a gather tree with a collector on each
// node of the job (those on other machines started through the launcher, relays where a node
// would get more than eight children), one raw tuple stream, and every tuple the ranks
// recorded, kept for decoding (core/model/mpituple.h) once the program ends.

#include "core/model/tuple.h"
#include "core/tree/frontend.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace xylem::record {

class MpiGather
{
public:
    // Starts a collector for rings named ringPrefix* on each of `hosts` (none: this one), those
    // on other machines through `launcher` ("ssh {host} {command}"), each reached once first so
    // that an unreachable host or a missing program is named at once; the front-end listens
    // as `listen` says (tree/listenaddress.h).
    static Result<MpiGather> start(const std::string& ringPrefix, const std::string& listen,
                                   const std::vector<std::string>& hosts,
                                   const std::string& launcher);

    // One wave: every tuple the collector read since the last.
    Result<Ok> poll(std::chrono::milliseconds timeout);
    // Waves until two bring nothing new.
    Result<Ok> drain(std::chrono::milliseconds timeout);
    void shutdown() { m_tree->shutdown(); }

    const std::vector<Tuple>& tuples() const { return m_tuples; }
    std::chrono::microseconds startup() const { return m_tree->startup().latency; }

private:
    explicit MpiGather(std::unique_ptr<tree::FrontEnd> tree)
        : m_tree(std::move(tree))
    {
    }

    std::unique_ptr<tree::FrontEnd> m_tree;
    std::vector<Tuple> m_tuples;
};

} // namespace xylem::record
