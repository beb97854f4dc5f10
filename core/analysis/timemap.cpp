#include "core/analysis/timemap.h"

namespace xylem {

namespace {

class StageList
{
public:
    explicit StageList(const PathSums& sums)
        : m_sums(sums)
    {
    }

    void add(Stage stage, int wrapper, Direction direction, int depth, Int128 sum,
             StageEstimate estimate = StageEstimate::Measured)
    {
        m_stages.push_back(
            TimemapStage{stage, wrapper, direction, depth, m_sums.mean(sum), estimate});
    }
    // Half of a two-way sum, flagged as such.
    void addHalf(Stage stage, int wrapper, Direction direction, int depth, Int128 twoWaySum)
    {
        m_stages.push_back(TimemapStage{stage, wrapper, direction, depth,
                                        m_sums.mean(twoWaySum) / 2, StageEstimate::HalfTwoWay});
    }
    std::vector<TimemapStage> take() { return std::move(m_stages); }

private:
    const PathSums& m_sums;
    std::vector<TimemapStage> m_stages;
};

} // namespace

std::vector<TimemapStage> computeTimemap(const Topology& topology, const PathSums& sums,
                                         size_t threadSlot, const std::vector<bool>& halfTwoWay)
{
    const std::vector<int>& path = topology.threads()[threadSlot].path;
    const int k = static_cast<int>(path.size()) - 1;
    const auto D = [&](int j) {
        return sums.down[static_cast<size_t>(path[static_cast<size_t>(j)])];
    };
    const auto U = [&](int j) {
        return sums.up[static_cast<size_t>(path[static_cast<size_t>(j)])];
    };
    const auto slot = [&](int j) {
        return static_cast<size_t>(topology.gredSlot(path[static_cast<size_t>(j)]));
    };
    const auto kind = [&](int j) {
        return topology.configuration().wrapper(path[static_cast<size_t>(j)]).kind;
    };
    const auto at = [&](int j) {
        return path[static_cast<size_t>(j)];
    };
    const auto half = [&](int j) {
        const auto w = static_cast<size_t>(at(j));
        return w < halfTwoWay.size() && halfTwoWay[w];
    };
    // The sum over calls of a proxy hop's two-way latency (d_j - d_{j-1}) + (u_{j-1} - u_j):
    // each difference is taken on one clock, so it needs no clock model.
    const auto twoWay = [&](int j) {
        return (D(j) - D(j - 1)) + (U(j - 1) - U(j));
    };

    StageList stages(sums);
    for (int j = 1; j < k; ++j) {
        if (kind(j) == WrapperKind::Gred) {
            stages.add(Stage::ArrivalWait, at(j), Direction::Down, j,
                       sums.lastArrival[slot(j)] - D(j - 1));
            stages.add(Stage::DownLatency, at(j), Direction::Down, j,
                       D(j) - sums.lastArrival[slot(j)]);
        } else if (half(j)) {
            stages.addHalf(Stage::Down, at(j), Direction::Down, j, twoWay(j));
        } else {
            stages.add(Stage::Down, at(j), Direction::Down, j, D(j) - D(j - 1));
        }
    }
    if (kind(k) == WrapperKind::Core) {
        stages.add(Stage::Store, at(k), Direction::Root, k, U(k - 1) - D(k - 1));
    } else {
        const Int128 last = sums.lastArrival[slot(k)];
        const Int128 first = sums.firstDeparture[slot(k)];
        stages.add(Stage::ArrivalWait, at(k), Direction::Root, k, last - D(k - 1));
        stages.add(Stage::Operation, at(k), Direction::Root, k, first - last);
        stages.add(Stage::DepartureWait, at(k), Direction::Root, k, U(k - 1) - first);
    }
    for (int j = k - 1; j >= 1; --j) {
        if (kind(j) == WrapperKind::Gred) {
            stages.add(Stage::UpLatency, at(j), Direction::Up, j,
                       sums.firstDeparture[slot(j)] - U(j));
            stages.add(Stage::DepartureWait, at(j), Direction::Up, j,
                       U(j - 1) - sums.firstDeparture[slot(j)]);
        } else if (half(j)) {
            stages.addHalf(Stage::Up, at(j), Direction::Up, j, twoWay(j));
        } else {
            stages.add(Stage::Up, at(j), Direction::Up, j, U(j - 1) - U(j));
        }
    }
    return stages.take();
}

std::vector<TimemapSpan> layoutTimemap(const ThreadReport& thread)
{
    std::vector<TimemapSpan> spans(thread.timemap.size());
    const double k = thread.pathLength > 0 ? thread.pathLength : 1;
    // Down stages end at x = 0 (root stages start there): walk them backwards from 0.
    double x = 0;
    for (size_t i = thread.timemap.size(); i-- > 0;) {
        const TimemapStage& s = thread.timemap[i];
        if (s.direction == Direction::Down) {
            spans[i] = TimemapSpan{x - s.meanNs, x, s.depth / k};
            x -= s.meanNs;
        }
    }
    x = 0;
    for (size_t i = 0; i < thread.timemap.size(); ++i) {
        const TimemapStage& s = thread.timemap[i];
        if (s.direction != Direction::Down) {
            spans[i] = TimemapSpan{x, x + s.meanNs, s.depth / k};
            x += s.meanNs;
        }
    }
    return spans;
}

} // namespace xylem
