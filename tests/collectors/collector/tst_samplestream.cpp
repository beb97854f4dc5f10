// The system-samples stream through a real tree: four xylem-collector leaves under two
// xylem-relay processes, concatenated on the way up. Every leaf's samples reach the front-end,
// each sample in one wave only, and on the tuples' clock (CLOCK_REALTIME).

#include "core/gather/samplelines.h"
#include "core/gather/topology.h"
#include "core/tree/clockoffset.h"
#include "core/tree/frontend.h"
#include "tests/support/ringprefix.h"
#include "tests/support/waituntil.h"

#include <QtTest>

#include <map>
#include <set>
#include <string>
#include <utility>

using namespace xylem;

namespace {

constexpr std::int64_t kPeriodMs = 20;

std::unique_ptr<tree::FrontEnd> startTree(const std::string& ringPrefix)
{
    tree::FrontEndOptions options;
    options.topology = gather::levelTopology({2, 4}, "localhost").value();
    options.launch.relayExecutable = XYLEM_RELAY;
    options.launch.collectorExecutable = XYLEM_COLLECTOR;
    options.launch.collectorArguments = {
        "--host",   "leaf{rank}",         "--ring-prefix",
        ringPrefix, "--sample-period-ms", std::to_string(kPeriodMs)};
    options.startTimeout = std::chrono::seconds(20);
    auto tree = tree::FrontEnd::start(std::move(options));
    if (!tree) {
        qWarning("cannot start the tree: %s", tree.error().describe().c_str());
        return nullptr;
    }
    return std::move(tree).value();
}

} // namespace

class TestSampleStream : public QObject
{
    Q_OBJECT

private slots:
    void everyLeafsSamplesArriveOnce()
    {
        testing::RingPrefix prefix("samplestream");
        auto tree = startTree(prefix.prefix());
        QVERIFY(tree);
        tree::StreamSpec spec;
        spec.id = 1;
        spec.filter.name = "concat";
        spec.source.name = "system-samples";
        const std::int64_t opened = tree::tupleClockNowNs();
        QVERIFY(tree->openStream(spec));

        std::map<std::string, std::int64_t> newest; // host and metric -> newest time so far
        std::set<std::pair<std::string, std::int64_t>> seen;
        std::map<std::string, int> cpuSamples; // by host
        QString problem;
        const auto pullOne = [&]() {
            if (!tree->pull(1, 1, std::chrono::seconds(5))) {
                problem = "pull failed";
                return true;
            }
            auto wave = tree->next(1, std::chrono::seconds(10));
            const auto* bytes = wave ? std::get_if<gather::Bytes>(&wave->batch.content) : nullptr;
            if (!bytes) {
                problem = "no Bytes wave";
                return true;
            }
            auto lines = protocol::decodeHostSamples(bytes->bytes);
            if (!lines) {
                problem = QString::fromStdString(lines.error().describe());
                return true;
            }
            const std::int64_t now = tree::tupleClockNowNs();
            for (const gather::HostSamples& line : lines.value()) {
                for (const gather::SampleValue& s : line.samples) {
                    const std::string series = line.host + " " + s.metric;
                    if (!seen.insert({series, s.timeNs}).second ||
                        (newest.count(series) && newest[series] >= s.timeNs)) {
                        problem = QString::fromStdString("again or out of order: " + series);
                    }
                    if (s.timeNs < opened || s.timeNs > now) {
                        problem = QString::fromStdString("not on the tuples' clock: " + series);
                    }
                    newest[series] = s.timeNs;
                    cpuSamples[line.host] += s.metric == "cpu_busy_pct" ? 1 : 0;
                }
            }
            if (!problem.isEmpty()) {
                return true;
            }
            int ready = 0;
            for (const auto& [host, count] : cpuSamples) {
                ready += count >= 5 ? 1 : 0;
            }
            return ready == 4;
        };
        QVERIFY(testing::waitUntil(pullOne, std::chrono::seconds(30),
                                   std::chrono::milliseconds(kPeriodMs)));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(cpuSamples.size(), size_t(4)); // every leaf, through both relays
        tree->shutdown();
    }
};

QTEST_GUILESS_MAIN(TestSampleStream)
#include "tst_samplestream.moc"
