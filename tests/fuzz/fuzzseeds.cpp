// xylem-fuzz-seeds SOURCE_DIR OUT_DIR: writes the seed inputs of every fuzz target
// (OUT_DIR/<target>/seed-*) with Xylem's own encoders and the reference data of tests/data, so
// that the seeds are what the real code writes and stay so when a format changes
// (make-corpus.sh runs it; the /proc seeds are the machine's own files, copied by the script).

#include "collectors/ring/ringwriter.h"
#include "core/analysis/clockmodeljson.h"
#include "core/gather/topology.h"
#include "core/model/configurationjson.h"
#include "core/model/mpitracejson.h"
#include "core/model/textfile.h"
#include "core/model/tracecsv.h"
#include "core/otf2/otf2export.h"
#include "core/protocol/batchcodec.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"
#include "core/protocol/gatherrecords.h"
#include "core/protocol/treemessages.h"
#include "core/store/callcodec.h"
#include "core/store/chunkframe.h"
#include "core/store/mpicodec.h"
#include "core/store/runwriter.h"
#include "core/store/session.h"
#include "core/store/tuplecodec.h"
#include "tests/fuzz/archivepack.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

using namespace xylem;
namespace fs = std::filesystem;

namespace {

using Bytes = std::vector<std::uint8_t>;

fs::path g_out;

void seed(const std::string& target, const std::string& name, const Bytes& bytes)
{
    fs::create_directories(g_out / target);
    std::ofstream out(g_out / target / ("seed-" + name), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

Bytes text(std::uint8_t first, const std::string& s)
{
    Bytes b{first};
    b.insert(b.end(), s.begin(), s.end());
    return b;
}

Bytes fileBytes(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return Bytes{std::istreambuf_iterator<char>(in), {}};
}

template <class T> T need(Result<T> r, const char* what)
{
    if (!r) {
        std::cerr << "xylem-fuzz-seeds: " << what << ": " << r.error().describe() << '\n';
        std::exit(1);
    }
    return std::move(r).value();
}

void wireSeeds(const std::vector<Tuple>& tuples)
{
    using namespace protocol;
    Bytes stream{16}; // pieces of 17 bytes
    const auto add = [&](const std::string& name, MessageType type, const Bytes& payload) {
        const Bytes frame = encodeFrame(type, 1, payload);
        Bytes one{63};
        one.insert(one.end(), frame.begin(), frame.end());
        seed("wire", name, one);
        stream.insert(stream.end(), frame.begin(), frame.end());
    };
    add("error", MessageType::Error, encode(ErrorMessage{7, "no such ring"}));
    RingListMessage rings;
    rings.rings.push_back(RingInfo{1, "/r1", 10, 11, "prog", "label", 1024,
                                   BufferPolicy::ReplaceDrain, ClockKind::Monotonic, false, 5, 4, 1});
    add("ringlist", MessageType::RingList, encode(rings));
    add("tuplebatch", MessageType::TupleBatch,
        encode(TupleBatchMessage{{RingTuples{1, 2, std::vector<Tuple>(tuples.begin(), tuples.begin() + 4)}}}));
    add("samplebatch", MessageType::SampleBatch,
        encode(SampleBatchMessage{5, 1, {SampleRecord{"h", "cpu_busy_pct", 12, 0.5}}}));
    add("installfilter", MessageType::InstallFilter,
        encode(InstallFilterMessage{1, FilterKind::CollectorStatistics, "{}", "h0"}));
    add("welcome", MessageType::Welcome, encode(WelcomeMessage{"h0", "0.9", 1234}));
    add("treewelcome", MessageType::TreeWelcome,
        encode(TreeWelcomeMessage{2, R"({"nodes":[]})", true}));
    add("subtreeready", MessageType::SubtreeReady,
        encode(SubtreeReadyMessage{1, 4, {5, 6}, {NodeAddress{1, "10.0.0.1", 4000}}}));
    StreamSpec spec;
    spec.id = 7;
    spec.filter = gather::FilterSpec{"sum", {1, -2}, ""};
    spec.sync = gather::SyncSpec{gather::SyncMode::TimeOut, std::chrono::microseconds(2500)};
    spec.source = SourceSpec{"ring-tuples", {65536, 7}};
    add("openstream", MessageType::OpenStream, encode(spec));
    add("wavetuples", MessageType::WaveData,
        encode(WaveDataMessage{7, 12, {3}, gather::Batch{1, gather::Tuples{tuples}}}));
    Bytes records;
    appendRecord(NodeCounts{"h0", 10, 9, 1, 2, 77, 12.5}, records);
    appendRecord(NodeCounts{"h1", 0, 0, 0, 0, -1, std::nullopt}, records);
    add("wavecounts", MessageType::WaveData,
        encode(WaveDataMessage{7, 13, {}, gather::Batch{2, gather::Bytes{records}}}));
    Bytes samples;
    appendRecord(HostSamples{"h0", 2, {{"cpu_busy_pct", 5, 1.5}}}, samples);
    add("wavesamples", MessageType::WaveData,
        encode(WaveDataMessage{8, 1, {}, gather::Batch{1, gather::Bytes{samples}}}));
    add("nodes", MessageType::NodesLost, encode(NodesMessage{{1, 2, 3}, "time-out"}));
    add("clockreport", MessageType::ClockReport,
        encode(ClockReportMessage{{ClockOffset{1, -5, 3}, ClockOffset{}}}));
    add("treelocated", MessageType::TreeLocated,
        encode(TreeLocatedMessage{4, 1, "10.0.0.2", 5000, "n1"}));
    add("pong", MessageType::Pong, encode(PongMessage{1, -7}));
    seed("wire", "stream", stream);
}

void gatherSeeds(const std::vector<Tuple>& tuples)
{
    const std::vector<std::pair<std::uint8_t, std::vector<gather::Batch>>> waves{
        {0, {gather::Batch{1, gather::Numbers{{1.5, -2}}}, gather::Batch{2, gather::Numbers{{3}}}}},
        {3, {gather::Batch{1, gather::Numbers{{1.5, -2}}}, gather::Batch{3, gather::Numbers{{3, 4}}}}},
        {4, {gather::Batch{1, gather::Bytes{{'a', 'b'}}}, gather::Batch{1, gather::Bytes{{'c'}}}}},
        {5, {gather::Batch{1, gather::Tuples{tuples}}, gather::Batch{1, gather::Tuples{tuples}}}},
        {6, {gather::Batch{1, gather::Tuples{tuples}}}},
        {7, {gather::Batch{2, gather::Stats{{gather::StatEntry{1, 2, 3.5, 0.5, -1, 9}}}},
             gather::Batch{1, gather::Stats{{gather::StatEntry{1, 1, 2, 0, 2, 2}}}}}},
        {8, {gather::Batch{4, gather::Classes{{gather::ClassEntry{-3, {0, 2}}}}},
             gather::Batch{1, gather::Classes{{gather::ClassEntry{-3, {1}}}}}}},
    };
    for (const auto& [filter, batches] : waves) {
        protocol::ByteWriter out;
        out.u8(filter);
        out.u8(filter == 6 ? 2 : 0); // last-arrival: two collectors' groups
        if (filter == 6) {
            out.i64(0);
            out.i64(0);
        }
        for (const gather::Batch& b : batches) {
            gather::encodeBatch(b, out);
        }
        seed("gather", "filter" + std::to_string(filter), out.take());
    }
}

// A stored chunk as it is (reframe 0) and as count + payload to be framed again (reframe 1).
void chunkSeeds(std::uint8_t codec, std::uint8_t bound, const std::string& name, const Bytes& frame)
{
    seed("chunks", name, [&] {
        Bytes b{codec, bound, 0};
        b.insert(b.end(), frame.begin(), frame.end());
        return b;
    }());
    Bytes b{codec, bound, 1};
    b.insert(b.end(), frame.begin() + 4, frame.begin() + 8); // the count (chunkframe.cpp)
    b.insert(b.end(), frame.begin() + store::kFrameHeaderSize, frame.end());
    seed("chunks", name + "-payload", b);
}

MpiTrace smallMpiTrace()
{
    MpiTrace trace;
    trace.referenceHost = "hA";
    trace.ranks = {{0, "hA", "c0"}, {1, "hA", "c0"}, {2, "hB", "c1"}};
    trace.communicators = {{0, "MPI_COMM_WORLD", {0, 1, 2}}};
    std::int64_t t = 1'700'000'000'000'000'000;
    for (std::int64_t seq = 0; seq < 3; ++seq) {
        for (int rank = 0; rank < 3; ++rank) {
            MpiEvent e;
            e.rank = rank;
            e.call = seq == 1 ? MpiCall::Bcast : MpiCall::Allreduce;
            e.partner = seq == 1 ? 0 : -1;
            e.bytes = 64;
            e.seq = seq;
            e.enter = t + 100 * rank;
            e.exit = e.enter + 2000 + 10 * rank;
            trace.events.push_back(e);
        }
        t += 10'000;
    }
    return trace;
}

void storeSeeds(const Configuration& config, const std::vector<Tuple>& tuples)
{
    Bytes frame;
    store::encodeTupleChunk(tuples, frame);
    chunkSeeds(0, static_cast<std::uint8_t>(config.wrapperCount()), "tuples", frame);
    std::vector<CallTimes> calls{{1, 1000, 50, 40, 0}, {2, 2000, 70, 60, 1}, {3, 1500, 10, 9, 0}};
    store::encodeCallChunk(calls, frame);
    chunkSeeds(1, 2, "calls", frame);
    const MpiTrace mpi = smallMpiTrace();
    store::encodeMpiEventChunk(mpi.events, frame);
    chunkSeeds(2, 0, "mpievents", frame);
    std::vector<MpiTreeEdge> edges(2);
    edges[0].rank = 1;
    edges[0].parent = 0;
    edges[0].down = 10;
    edges[0].up = 20;
    edges[1].rank = 2;
    edges[1].parent = 0;
    edges[1].down = 12;
    edges[1].up = 30;
    edges[1].atParent = true;
    store::encodeMpiTreeEdges(edges, frame);
    chunkSeeds(3, 0, "treeedges", frame);

    // A session holding the run, as xylem-cli import writes it.
    const fs::path file = fs::temp_directory_path() / ("xylem-fuzz-seed-" + std::to_string(::getpid()) + ".xylem");
    {
        auto session = need(store::Session::create(file.string()), "a seed session");
        need(store::importRun(session, config, tuples, store::RunMetadata{"seed", "", "import", "", ""}),
             "the seed run");
    }
    seed("session", "two-hosts", fileBytes(file));
    fs::remove(file);
}

void jsonSeeds(const fs::path& data, const std::vector<Tuple>& tuples)
{
    for (const char* name : {"two-hosts", "flat-mpi"}) {
        const auto tree = fileBytes(data / (std::string(name) + ".tree.json"));
        Bytes b{0};
        b.insert(b.end(), tree.begin(), tree.end());
        seed("json", std::string("tree-") + name, b);
        Bytes csv = tree;
        csv.push_back(0);
        const auto trace = fileBytes(data / (std::string(name) + ".trace.csv"));
        csv.insert(csv.end(), trace.begin(), trace.end());
        seed("tracecsv", name, csv);
    }
    gather::TopologySpec spec;
    spec.hosts = {"h0", "h1", "h2", "h3", "h4"};
    spec.fanout = 2;
    const auto topology = need(gather::generateTopology(spec), "a seed topology");
    seed("json", "topology", text(1, gather::toJson(topology)));
    seed("json", "mrnet", text(2, "fe:0 => n1:0 n2:0 ;\nn1:0 => l1:0 l2:0 ;\nn2:0 => l3:0 ;\n"));
    MpiRunInfo info;
    info.trace = smallMpiTrace();
    info.trace.events.clear();
    info.complete = true;
    MpiTreeInfo tree;
    tree.spec = "hierarchy:2";
    tree.depth = 1;
    tree.parents = {-1, 0, 0};
    tree.throughTree = 3;
    tree.fallbacks = {{"user-defined op", 1}};
    info.tree = tree;
    seed("json", "mpirun", text(3, mpiRunInfoToJson(info)));
    HostClock clock;
    clock.host = "hB";
    clock.master = "hA";
    clock.measured = true;
    clock.errorBoundNs = 120;
    seed("json", "clock", text(4, clockModelJson(clock, "hA")));
    seed("json", "candidates", text(5, "native,hierarchy:2,kary:4"));
    (void)tuples;
}

void ringSeeds(const std::vector<Tuple>& tuples)
{
    for (const std::uint32_t capacity : {8u, 64u}) {
        ring::RingSpec spec;
        spec.prefix = "xylem-fuzz-seed-";
        spec.capacity = capacity;
        spec.program = "seed";
        spec.label = "main";
        std::string name;
        {
            auto writer = need(ring::RingWriter::create(spec), "a seed ring");
            name = writer.name();
            for (size_t i = 0; i < tuples.size() && i < capacity + 3; ++i) {
                const Tuple& t = tuples[i];
                writer.push(t.seq, t.down, t.up, t.collector, static_cast<std::uint16_t>(t.op),
                            static_cast<std::int16_t>(t.ret));
            }
        }
        Bytes b{static_cast<std::uint8_t>(capacity == 8 ? 1 : 0)};
        const auto ring = fileBytes(fs::path("/dev/shm") / name.substr(1));
        b.insert(b.end(), ring.begin(), ring.end());
        ::shm_unlink(name.c_str());
        seed("ring", "capacity" + std::to_string(capacity), b);
    }
}

void otf2Seeds(const Configuration& config, const std::vector<Tuple>& tuples)
{
    const fs::path base = fs::temp_directory_path() / ("xylem-fuzz-seed-otf2-" + std::to_string(::getpid()));
    fs::remove_all(base);
    fs::create_directories(base);
    need(otf2::exportOtf2(smallMpiTrace(), {}, (base / "mpi").string()), "a seed MPI archive");
    seed("otf2", "mpi", fuzz::packArchive(base / "mpi"));
    const Run run{config, tuples};
    need(otf2::exportOtf2(MpiTrace{}, std::span<const Run>(&run, 1), (base / "runs").string()),
         "a seed runs archive");
    seed("otf2", "runs", fuzz::packArchive(base / "runs"));
    fs::remove_all(base);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::cerr << "usage: xylem-fuzz-seeds SOURCE_DIR OUT_DIR\n";
        return 2;
    }
    const fs::path data = fs::path(argv[1]) / "tests" / "data";
    g_out = argv[2];
    const auto config = need(readConfigurationFile((data / "two-hosts.tree.json").string()),
                             "tests/data/two-hosts.tree.json");
    const auto tuples = need(readTraceCsvFile((data / "two-hosts.trace.csv").string(), config),
                             "tests/data/two-hosts.trace.csv");
    wireSeeds(tuples);
    gatherSeeds(tuples);
    storeSeeds(config, tuples);
    jsonSeeds(data, tuples);
    ringSeeds(tuples);
    otf2Seeds(config, tuples);
    std::cout << "xylem-fuzz-seeds: seeds written to " << g_out.string() << '\n';
    return 0;
}
