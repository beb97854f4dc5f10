// The tree collectives' setup (treecollectives.h): XYLEM_MPI_TREE read at MPI_Init and agreed on
// by every rank, the tree built over the ranks' hosts, the private duplicates of the communicators
// it runs on, each rank's place in the tree for each root, and the counts said at MPI_Finalize.

#include "collectors/mpi/treecollectives.h"

#include "collectors/mpi/treeadapt.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace xylem::mpi {

TreeCollectives* g_activeTree = nullptr; // treecollectives.h: set and cleared by lifecycle.cpp

namespace {

constexpr int kHostBytes = 128;

} // namespace

const char* describe(TreeFallback reason)
{
    switch (reason) {
    case TreeFallback::UserOp:
        return "user-defined op";
    case TreeFallback::NonCommutative:
        return "non-commutative op";
    case TreeFallback::DerivedType:
        return "derived datatype";
    case TreeFallback::NotWorld:
        return "communicator not congruent to MPI_COMM_WORLD";
    }
    return "?";
}

TreeCollectives::~TreeCollectives() = default;

TreeCollectives::TreeCollectives(RankTreeSpec spec, RankTree tree, int rank)
    : m_spec(std::move(spec))
    , m_tree(std::move(tree))
    , m_rank(rank)
    , m_places(static_cast<std::size_t>(m_tree.size()))
    , m_placeBuilt(static_cast<std::size_t>(m_tree.size()), false)
{
}

std::unique_ptr<TreeCollectives> TreeCollectives::start(int rank, const std::string& host)
{
    const char* text = std::getenv("XYLEM_MPI_TREE");
    if ((!text || !*text || std::strcmp(text, "native") == 0) && std::getenv("XYLEM_MPI_ADAPT") &&
        rank == 0) {
        std::fprintf(stderr, "xylem-mpi: XYLEM_MPI_ADAPT needs XYLEM_MPI_TREE with a tree (the "
                             "tuner lives in the tree collectives); the tree does not adapt\n");
    }
    if (!text || !*text || std::strcmp(text, "native") == 0) {
        return nullptr;
    }
    int size = 1;
    PMPI_Comm_size(MPI_COMM_WORLD, &size);
    // Every rank takes part in the exchanges below, whatever its SPEC made of it. The hosts and
    // clusters ($XYLEM_MPI_CLUSTER) of every rank, for hierarchy.
    const char* cluster = std::getenv("XYLEM_MPI_CLUSTER");
    std::vector<char> all(static_cast<std::size_t>(size) * 2 * kHostBytes);
    std::vector<char> mine(2 * kHostBytes, '\0');
    std::strncpy(mine.data(), host.c_str(), kHostBytes - 1);
    std::strncpy(mine.data() + kHostBytes, cluster ? cluster : "", kHostBytes - 1);
    PMPI_Allgather(mine.data(), 2 * kHostBytes, MPI_CHAR, all.data(), 2 * kHostBytes, MPI_CHAR,
                   MPI_COMM_WORLD);
    std::vector<std::string> hosts;
    std::vector<std::string> clusters;
    for (int r = 0; r < size; ++r) {
        const char* at = all.data() + static_cast<std::size_t>(r) * 2 * kHostBytes;
        hosts.emplace_back(at);
        clusters.emplace_back(at + kHostBytes);
    }
    auto spec = parseRankTreeSpec(text);
    Result<RankTree> tree =
        spec ? buildRankTree(spec.value(), hosts, clusters) : Result<RankTree>(spec.error());
    int built = tree ? 1 : 0;
    int allBuilt = 0;
    PMPI_Allreduce(&built, &allBuilt, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (!allBuilt) {
        if (!built) {
            std::fprintf(stderr,
                         "xylem-mpi: rank %d: XYLEM_MPI_TREE: %s; MPI's own collectives "
                         "are used\n",
                         rank, tree.error().describe().c_str());
        } else if (rank == 0) {
            std::fprintf(stderr,
                         "xylem-mpi: XYLEM_MPI_TREE '%s' has no tree on another rank; "
                         "MPI's own collectives are used\n",
                         text);
        }
        return nullptr;
    }
    std::unique_ptr<TreeCollectives> self(
        new TreeCollectives(std::move(spec).value(), std::move(tree).value(), rank));
    PMPI_Comm_dup(MPI_COMM_WORLD, &self->m_world);
    self->m_comms.push_back(PrivateComm{MPI_COMM_WORLD, self->m_world});
    self->m_adapt = TreeAdapt::start(rank, hosts, clusters);
    return self;
}

void TreeCollectives::finish()
{
    for (PrivateComm& c : m_comms) {
        if (c.own != MPI_COMM_NULL) {
            PMPI_Comm_free(&c.own);
        }
    }
    m_comms.clear();
    if (m_rank == 0) {
        std::fprintf(stderr, "xylem-mpi: tree %s\n", summary().c_str());
    }
    if (m_adapt && m_rank == 0) {
        m_adapt->say(stderr);
    }
}

void TreeCollectives::forget(MPI_Comm comm)
{
    for (auto it = m_comms.begin(); it != m_comms.end(); ++it) {
        if (it->user == comm && comm != MPI_COMM_WORLD) {
            if (it->own != MPI_COMM_NULL) {
                PMPI_Comm_free(&it->own);
            }
            m_comms.erase(it);
            return;
        }
    }
}

MPI_Comm TreeCollectives::privateOf(MPI_Comm comm)
{
    if (comm == MPI_COMM_WORLD) {
        return m_world;
    }
    for (const PrivateComm& c : m_comms) {
        if (c.user == comm) {
            if (c.own == MPI_COMM_NULL) {
                ++m_fallbacks[static_cast<std::size_t>(TreeFallback::NotWorld)];
            }
            return c.own;
        }
    }
    // The first of the tree's collectives on comm: every member is in this same call.
    int same = MPI_UNEQUAL;
    PMPI_Comm_compare(comm, MPI_COMM_WORLD, &same);
    PrivateComm entry{comm, MPI_COMM_NULL};
    if (same == MPI_IDENT || same == MPI_CONGRUENT) {
        PMPI_Comm_dup(comm, &entry.own);
    } else {
        ++m_fallbacks[static_cast<std::size_t>(TreeFallback::NotWorld)];
    }
    m_comms.push_back(entry);
    return entry.own;
}

const TreePlace& TreeCollectives::placeFor(int root)
{
    const auto at = static_cast<std::size_t>(root);
    if (!m_placeBuilt[at]) {
        const RankTree t = root == m_tree.root ? m_tree : rerooted(m_tree, root);
        TreePlace place{t.parent[static_cast<std::size_t>(m_rank)],
                        t.children[static_cast<std::size_t>(m_rank)],
                        {},
                        false};
        for (const int c : place.children) {
            place.crossing.push_back(t.crossesHost[static_cast<std::size_t>(c)]);
            place.anyCrossing = place.anyCrossing || place.crossing.back();
        }
        m_places[at] = std::move(place);
        m_placeBuilt[at] = true;
    }
    return m_places[at];
}

std::string TreeCollectives::summary() const
{
    int crossing = 0;
    for (const bool c : m_tree.crossesHost) {
        crossing += c ? 1 : 0;
    }
    std::int64_t fallbacks = 0;
    std::string reasons;
    for (std::size_t i = 0; i < kTreeFallbacks; ++i) {
        if (m_fallbacks[i] > 0) {
            fallbacks += m_fallbacks[i];
            reasons += std::string(reasons.empty() ? "" : ", ") + std::to_string(m_fallbacks[i]) +
                       " " + describe(static_cast<TreeFallback>(i));
        }
    }
    return m_spec.text + " over " + std::to_string(m_tree.size()) + " ranks, depth " +
           std::to_string(m_tree.depth) + ", " + std::to_string(crossing) +
           (crossing == 1 ? " edge" : " edges") +
           " between hosts: " + std::to_string(m_throughTree) + " collectives through the tree, " +
           std::to_string(fallbacks) + " by MPI's own" +
           (reasons.empty() ? std::string() : " (" + reasons + ")");
}

} // namespace xylem::mpi

namespace xylem::mpi {

MpiTreeInfo TreeCollectives::info() const
{
    MpiTreeInfo info;
    info.spec = m_spec.text;
    info.depth = m_tree.depth;
    info.parents = m_tree.parent;
    info.crossingEdges =
        static_cast<int>(std::count(m_tree.crossesHost.begin(), m_tree.crossesHost.end(), true));
    info.throughTree = m_throughTree;
    for (std::size_t i = 0; i < kTreeFallbacks; ++i) {
        if (m_fallbacks[i] > 0) {
            info.fallbacks.emplace_back(describe(static_cast<TreeFallback>(i)), m_fallbacks[i]);
        }
    }
    std::sort(info.fallbacks.begin(), info.fallbacks.end());
    if (m_adapt) {
        info.adapt = m_adapt->record();
    }
    return info;
}

} // namespace xylem::mpi
