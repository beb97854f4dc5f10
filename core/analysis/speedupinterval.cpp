#include "core/analysis/speedupinterval.h"

#include "core/analysis/stats.h"
#include "core/model/int128.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <thread>
#include <vector>

namespace xylem {

namespace {

// Why it is done this way: 2000 resamples of two runs of 1 M calls are 4e9 draws. Drawn one by
// one from the whole run, each draw waits for memory (~4 ns: a run's 8 MB do not stay in the
// core's cache), 16 s in all. The same draws are made block by block instead: a resample's
// number of draws landing in each block of kBlock calls is multinomial (drawn as conditional
// binomials), and each block is then resampled by every resample in turn while it sits in
// the cache. A whole block has 2^16 calls: one 64-bit word makes four exactly uniform draws. The distribution of every resample is exactly that of drawing
// each call uniformly with replacement. Values are kept as 32-bit offsets from the run's
// minimum when its range allows, which halves what the draws read.
constexpr size_t kBlock = size_t{1} << 16;

std::uint64_t splitmix(std::uint64_t& state)
{
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

// xoshiro256** (Blackman and Vigna): fast, and a UniformRandomBitGenerator for the binomials.
class Xoshiro
{
public:
    using result_type = std::uint64_t;
    explicit Xoshiro(std::uint64_t seed)
    {
        for (std::uint64_t& word : m_s) {
            word = splitmix(seed);
        }
    }
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
    result_type operator()()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

// Resample r of run `side` (0 = A, 1 = B) has its own stream, so that the result is the same
// whatever the number of threads and the order the work is done in.
Xoshiro streamOf(std::uint64_t seed, int side, int resample)
{
    std::uint64_t s = seed;
    std::uint64_t k = (static_cast<std::uint64_t>(resample) << 1) | static_cast<std::uint64_t>(side);
    return Xoshiro(splitmix(s) ^ splitmix(k));
}

// Lemire's multiply-shift with rejection: an exactly uniform offset in [0, size) from a
// 32-bit word. Returns the 64-bit product; the offset is its high half.
struct Bounded
{
    std::uint64_t size;
    std::uint32_t threshold; // 2^32 mod size: low halves below it are rejected

    explicit Bounded(std::uint64_t n)
        : size(n)
        , threshold(static_cast<std::uint32_t>((std::uint64_t{1} << 32) % n))
    {
    }
    std::uint64_t redraw(Xoshiro& g, std::uint64_t product) const
    {
        while (static_cast<std::uint32_t>(product) < threshold) {
            product = (g() >> 32) * size;
        }
        return product;
    }
};

// Draws from a whole block of kBlock = 2^16 values: each 16 bits of a word is one offset.
template <typename T, typename Sum> Sum sumWholeBlock(Xoshiro& g, const T* block, std::int64_t count)
{
    Sum s0 = 0, s1 = 0;
    for (; count >= 4; count -= 4) {
        const std::uint64_t r = g();
        s0 += block[r & 0xffff];
        s1 += block[(r >> 16) & 0xffff];
        s0 += block[(r >> 32) & 0xffff];
        s1 += block[r >> 48];
    }
    for (std::uint64_t r = g(); count > 0; --count, r >>= 16) {
        s0 += block[r & 0xffff];
    }
    return s0 + s1;
}

template <typename T, typename Sum> Sum sumDraws(Xoshiro& g, const T* block, const Bounded& b,
                                                  std::int64_t count)
{
    Sum s0 = 0, s1 = 0;
    for (; count >= 2; count -= 2) {
        const std::uint64_t r = g();
        std::uint64_t m0 = (r & 0xffffffffULL) * b.size;
        std::uint64_t m1 = (r >> 32) * b.size;
        if (static_cast<std::uint32_t>(m0) < b.threshold) [[unlikely]] {
            m0 = b.redraw(g, m0);
        }
        if (static_cast<std::uint32_t>(m1) < b.threshold) [[unlikely]] {
            m1 = b.redraw(g, m1);
        }
        s0 += block[m0 >> 32];
        s1 += block[m1 >> 32];
    }
    if (count == 1) {
        const std::uint64_t m = b.redraw(g, (g() >> 32) * b.size);
        s0 += block[m >> 32];
    }
    return s0 + s1;
}

// The mean of every resample r in [from, to) of one run, whose values are offsets from base.
template <typename T, typename Sum>
void resampleMeans(const std::vector<T>& values, double base, std::vector<Xoshiro>& streams,
                   int from, int to, std::vector<double>& means)
{
    const size_t n = values.size();
    const size_t blocks = (n + kBlock - 1) / kBlock;
    std::vector<std::int64_t> counts(blocks * static_cast<size_t>(to - from));
    for (int r = from; r < to; ++r) {
        std::int64_t left = static_cast<std::int64_t>(n);
        size_t rest = n;
        std::int64_t* c = counts.data() + static_cast<size_t>(r - from) * blocks;
        for (size_t k = 0; k + 1 < blocks; ++k) {
            std::binomial_distribution<std::int64_t> share(
                left, static_cast<double>(kBlock) / static_cast<double>(rest));
            c[k] = share(streams[static_cast<size_t>(r)]);
            left -= c[k];
            rest -= kBlock;
        }
        c[blocks - 1] = left;
    }
    std::vector<Sum> sums(static_cast<size_t>(to - from), 0);
    for (size_t k = 0; k < blocks; ++k) {
        const size_t size = std::min(kBlock, n - k * kBlock);
        const Bounded bounded(size);
        const T* block = values.data() + k * kBlock;
        for (int r = from; r < to; ++r) {
            const size_t i = static_cast<size_t>(r - from);
            Xoshiro& g = streams[static_cast<size_t>(r)];
            const std::int64_t count = counts[i * blocks + k];
            sums[i] += size == kBlock ? sumWholeBlock<T, Sum>(g, block, count)
                                      : sumDraws<T, Sum>(g, block, bounded, count);
        }
    }
    for (int r = from; r < to; ++r) {
        means[static_cast<size_t>(r)] =
            base + static_cast<double>(sums[static_cast<size_t>(r - from)]) /
                       static_cast<double>(n);
    }
}

// One run's values as offsets from its minimum, and the means of its resamples.
class RunSample
{
public:
    explicit RunSample(std::span<const std::int64_t> values)
        : m_base(*std::min_element(values.begin(), values.end()))
    {
        const std::int64_t top = *std::max_element(values.begin(), values.end());
        const auto range = static_cast<std::uint64_t>(top) - static_cast<std::uint64_t>(m_base);
        for (const std::int64_t v : values) {
            const auto offset = static_cast<std::uint64_t>(v) - static_cast<std::uint64_t>(m_base);
            if (range <= std::numeric_limits<std::uint32_t>::max()) {
                m_narrow.push_back(static_cast<std::uint32_t>(offset));
            } else {
                m_wide.push_back(offset);
            }
        }
    }
    void means(std::vector<Xoshiro>& streams, int from, int to, std::vector<double>& out) const
    {
        const auto base = static_cast<double>(m_base);
        if (m_wide.empty()) {
            resampleMeans<std::uint32_t, std::uint64_t>(m_narrow, base, streams, from, to, out);
        } else {
            resampleMeans<std::uint64_t, UInt128>(m_wide, base, streams, from, to, out);
        }
    }

private:
    std::int64_t m_base;
    std::vector<std::uint32_t> m_narrow;
    std::vector<std::uint64_t> m_wide;
};

// metrics.md §9's percentile (stats.h): linear interpolation between closest ranks.
double percentileOfSorted(const std::vector<double>& sorted, double q)
{
    const PercentileRanks p = percentileRanks(sorted.size(), q);
    return sorted[p.lower] + p.fraction * (sorted[p.upper] - sorted[p.lower]);
}

} // namespace

Result<SpeedupInterval> speedupInterval(std::span<const std::int64_t> a,
                                        std::span<const std::int64_t> b,
                                        const BootstrapOptions& options)
{
    if (a.empty() || b.empty()) {
        return makeError(ErrorCode::InvalidArgument,
                         "a speedup interval needs the operation times of both runs' calls");
    }
    if (options.resamples < 1 || !(options.confidence > 0 && options.confidence < 1)) {
        return makeError(ErrorCode::InvalidArgument,
                         "a bootstrap needs at least one resample and a confidence in (0, 1)");
    }
    const int resamples = options.resamples;
    const RunSample sampleA(a), sampleB(b);
    std::vector<Xoshiro> streamsA, streamsB;
    for (int r = 0; r < resamples; ++r) {
        streamsA.push_back(streamOf(options.seed, 0, r));
        streamsB.push_back(streamOf(options.seed, 1, r));
    }
    std::vector<double> meansA(static_cast<size_t>(resamples));
    std::vector<double> meansB(static_cast<size_t>(resamples));
    const auto work = [&](int from, int to) {
        sampleA.means(streamsA, from, to, meansA);
        sampleB.means(streamsB, from, to, meansB);
    };
    const unsigned cores = options.threads > 0 ? options.threads
                                               : std::max(1u, std::thread::hardware_concurrency());
    const int parts = std::min(static_cast<int>(cores), resamples);
    std::vector<std::thread> workers;
    for (int p = 1; p < parts; ++p) {
        workers.emplace_back(work, resamples * p / parts, resamples * (p + 1) / parts);
    }
    work(0, resamples / parts);
    for (std::thread& t : workers) {
        t.join();
    }
    std::vector<double> ratios(static_cast<size_t>(resamples));
    for (size_t r = 0; r < ratios.size(); ++r) {
        ratios[r] = meansA[r] / meansB[r];
    }
    std::sort(ratios.begin(), ratios.end());
    const double tail = (1 - options.confidence) / 2;
    return SpeedupInterval{percentileOfSorted(ratios, tail), percentileOfSorted(ratios, 1 - tail),
                           options.confidence, resamples, options.seed};
}

} // namespace xylem
