#include "core/tree/launcherplace.h"

#include <charconv>
#include <cstdlib>

namespace xylem::tree {

namespace {

constexpr long long kMaxIndex = (1LL << 31) - 1;

// The variable's value as a number, nullopt when unset.
Result<std::optional<std::uint32_t>> number(const EnvironmentLookup& environment, const char* name)
{
    const char* value = environment(name);
    if (!value) {
        return std::optional<std::uint32_t>();
    }
    const std::string_view text(value);
    long long n = -1;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n < 0 ||
        n > kMaxIndex) {
        return makeError(ErrorCode::InvalidArgument,
                         std::string(name) + " is '" + std::string(text) +
                             "', not a whole number from 0 to " + std::to_string(kMaxIndex));
    }
    return std::optional<std::uint32_t>(static_cast<std::uint32_t>(n));
}

Result<std::optional<LauncherPlace>> fromOpenMpi(const EnvironmentLookup& environment)
{
    XYLEM_TRY(rank, number(environment, "OMPI_COMM_WORLD_RANK"));
    XYLEM_TRY(local, number(environment, "OMPI_COMM_WORLD_LOCAL_RANK"));
    XYLEM_TRY(localSize, number(environment, "OMPI_COMM_WORLD_LOCAL_SIZE"));
    if (!*rank) {
        return std::optional<LauncherPlace>();
    }
    LauncherPlace place{"mpirun", **rank, std::nullopt, local->value_or(0), "OMPI_COMM_WORLD_RANK"};
    if (localSize->value_or(1) == 1) {
        place.nodeIndex = **rank; // one task on this node: ranks count nodes
    }
    return std::optional<LauncherPlace>(place);
}

Result<std::optional<LauncherPlace>> fromSlurm(const EnvironmentLookup& environment)
{
    XYLEM_TRY(rank, number(environment, "SLURM_PROCID"));
    XYLEM_TRY(node, number(environment, "SLURM_NODEID"));
    XYLEM_TRY(local, number(environment, "SLURM_LOCALID"));
    if (!*rank && !*node) {
        return std::optional<LauncherPlace>();
    }
    return std::optional<LauncherPlace>(LauncherPlace{"srun", rank->value_or(node->value_or(0)),
                                                      *node, local->value_or(0),
                                                      *node ? "SLURM_NODEID" : "SLURM_PROCID"});
}

} // namespace

Result<std::optional<LauncherPlace>> launcherPlace(const EnvironmentLookup& environment)
{
    XYLEM_TRY(openMpi, fromOpenMpi(environment));
    if (*openMpi) {
        return openMpi;
    }
    XYLEM_TRY(slurm, fromSlurm(environment));
    if (*slurm) {
        return slurm;
    }
    XYLEM_TRY(pmix, number(environment, "PMIX_RANK"));
    if (*pmix) {
        return std::optional<LauncherPlace>(
            LauncherPlace{"PMIx", **pmix, std::nullopt, 0, "PMIX_RANK"});
    }
    return std::optional<LauncherPlace>();
}

Result<std::optional<LauncherPlace>> launcherPlaceFromEnvironment()
{
    return launcherPlace([](const char* name) { return std::getenv(name); });
}

} // namespace xylem::tree
