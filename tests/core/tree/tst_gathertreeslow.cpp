// The gather tree with a paused node (issue 18): a collector stopped (SIGSTOP, as a debugger
// or the OS would) under a relay no longer holds back a wait-for-all stream once its relay's
// slow time-out passes — the waves go on naming it missing, the front-end hears it is slow —
// and once it runs again (SIGCONT) it is back, its late tuples taken into a later wave (none
// lost, none twice) and its late totals dropped, both counted in what the tree reports.

#include "tests/core/tree/treetesthelpers.h"
#include "tests/support/waituntil.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <map>
#include <memory>
#include <set>

using namespace xylem;
using namespace xylem::tree;
using namespace xylem::tree::testing;

namespace {

// Collector processes attached by node index; each is let run again and killed when it goes,
// whatever the test did to it.
class Leaves
{
public:
    Leaves(const std::string& address, const std::vector<std::uint32_t>& nodes)
    {
        for (const std::uint32_t node : nodes) {
            auto p = std::make_unique<QProcess>();
            p->setProcessChannelMode(QProcess::ForwardedChannels);
            p->start(XYLEM_COLLECTOR, {"--attach", QString::fromStdString(address), "--node",
                                       QString::number(node)});
            p->waitForStarted();
            m_processes.push_back(std::move(p));
        }
    }
    Leaves(const Leaves&) = delete;
    Leaves& operator=(const Leaves&) = delete;
    ~Leaves()
    {
        for (auto& p : m_processes) {
            ::kill(pid_t(p->processId()), SIGCONT);
            p->kill();
            p->waitForFinished(5000);
        }
    }
    void signal(size_t i, int sig) { ::kill(pid_t(m_processes[i]->processId()), sig); }

private:
    std::vector<std::unique_ptr<QProcess>> m_processes;
};

// Takes events until one of `kind` names `node`; every event taken goes to seen.
bool awaitEvent(FrontEnd& tree, TreeEvent::Kind kind, std::uint32_t node,
                std::vector<TreeEvent>& seen, std::chrono::seconds timeout)
{
    return xylem::testing::waitUntil(
        [&] {
            for (TreeEvent& e : tree.takeEvents()) {
                seen.push_back(std::move(e));
            }
            return std::any_of(seen.begin(), seen.end(), [&](const TreeEvent& e) {
                return e.kind == kind &&
                       std::find(e.nodes.begin(), e.nodes.end(), node) != e.nodes.end();
            });
        },
        timeout, std::chrono::milliseconds(20));
}

double sum(const Wave& w)
{
    return std::get<gather::Numbers>(w.batch.content).values.at(0);
}

} // namespace

class TestGatherTreeSlow : public QObject
{
    Q_OBJECT

private slots:
    void aPausedLeafIsSlowItsWavesGoOnAndItComesBack()
    {
        QTemporaryDir dir;
        FrontEndOptions options = localTree({2, 4});
        options.launch.leavesAttach = true;
        options.addressFile = dir.filePath("tree.address").toStdString();
        options.slowAfter = std::chrono::milliseconds(1000); // sent to the relays too
        auto tree = startTree(options);
        QVERIFY(tree);
        QCOMPARE(tree->slowAfter(), std::chrono::milliseconds(1500)); // a level above the relays
        const auto leaves = tree->topology().leaves();
        Leaves processes(options.addressFile, leaves);
        std::vector<TreeEvent> events;
        QVERIFY(xylem::testing::waitUntil(
            [&] {
                size_t joined = 0;
                for (TreeEvent& e : tree->takeEvents()) {
                    events.push_back(std::move(e));
                }
                for (const TreeEvent& e : events) {
                    joined += e.kind == TreeEvent::Kind::Joined ? e.nodes.size() : 0;
                }
                return joined >= leaves.size();
            },
            std::chrono::seconds(20)));
        QVERIFY(tree->openStream(stream(1, "sum", "node-number"))); // wait-for-all: totals
        QVERIFY(tree->openStream(stream(2, "concat", "synthetic-tuples", {3}))); // increments
        std::map<std::pair<std::uint32_t, std::int64_t>, int> tuples; // (leaf, wave) -> count
        auto wave = [&](std::uint64_t w) -> Result<Wave> {
            for (const std::uint32_t s : {1u, 2u}) {
                if (auto ok = tree->pull(s, 1, std::chrono::seconds(5)); !ok) {
                    return ok.error();
                }
            }
            auto counts = tree->next(1, std::chrono::seconds(10));
            auto increments = tree->next(2, std::chrono::seconds(10));
            if (!counts || !increments || counts->wave != w) {
                return makeError(ErrorCode::IoError, "no wave " + std::to_string(w));
            }
            for (const Tuple& t : std::get<gather::Tuples>(increments->batch.content).tuples) {
                ++tuples[{t.collector, t.seq}];
            }
            return counts;
        };
        auto first = wave(0);
        QVERIFY(first && first->missing.empty());
        QCOMPARE(sum(first.value()), sumOfLeaves(tree->topology()));

        // Paused: the waves go on without it, naming it missing.
        processes.signal(0, SIGSTOP);
        for (std::uint64_t w = 1; w <= 5; ++w) {
            auto partial = wave(w);
            QVERIFY2(partial, partial ? "" : partial.error().message.c_str());
            QCOMPARE(partial->missing, std::vector<std::uint32_t>{leaves[0]});
            QCOMPARE(sum(partial.value()), sumOfLeaves(tree->topology()) - leaves[0]);
        }
        QVERIFY(
            awaitEvent(*tree, TreeEvent::Kind::Slow, leaves[0], events, std::chrono::seconds(5)));
        const auto slow = std::find_if(events.begin(), events.end(), [](const TreeEvent& e) {
            return e.kind == TreeEvent::Kind::Slow;
        });
        QCOMPARE(slow->nodes, std::vector<std::uint32_t>{leaves[0]});
        QVERIFY2(slow->reason.find("no answer for") != std::string::npos, slow->reason.c_str());

        // Running again: back, and whole waves again.
        processes.signal(0, SIGCONT);
        QVERIFY(
            awaitEvent(*tree, TreeEvent::Kind::Back, leaves[0], events, std::chrono::seconds(10)));
        const auto back = std::find_if(events.begin(), events.end(), [](const TreeEvent& e) {
            return e.kind == TreeEvent::Kind::Back;
        });
        QVERIFY2(back->reason.find("1 were taken into later waves, 1 dropped") != std::string::npos,
                 back->reason.c_str());
        auto whole = wave(6);
        QVERIFY(whole && whole->missing.empty());
        QCOMPARE(sum(whole.value()), sumOfLeaves(tree->topology()));
        // Its tuples of wave 1, answered late, were taken (once); waves 2-5 it was not asked for.
        QCOMPARE((tuples[{leaves[0], 1}]), 3);
        for (const auto& [key, count] : tuples) {
            QCOMPARE(count, 3); // every (leaf, wave) once: 3 tuples each, none twice
        }
        QCOMPARE(tuples.size(), size_t(3 * 7 + 3));
        QVERIFY(std::none_of(events.begin(), events.end(),
                             [](const TreeEvent& e) { return e.kind == TreeEvent::Kind::Lost; }));
    }

    // A relay paused: the front-end goes on without its subtree and names all of it slow; run
    // again, the relay catches up (its own children were not slow: it was the one stopped) and
    // the subtree is back.
    void aPausedRelayIsSlowWithItsSubtree()
    {
        FrontEndOptions options = localTree({2, 4});
        options.slowAfter = std::chrono::milliseconds(1000);
        auto tree = startTree(options);
        QVERIFY(tree);
        QVERIFY(tree->openStream(stream(1, "sum", "node-number")));
        auto wave = [&]() -> Result<Wave> {
            if (auto ok = tree->pull(1, 1, std::chrono::seconds(5)); !ok) {
                return ok.error();
            }
            return tree->next(1, std::chrono::seconds(10));
        };
        QVERIFY(wave());
        const pid_t relay = tree->childProcess(1);
        QVERIFY(relay > 0);
        const auto below = tree->topology().subtree(1);
        ::kill(relay, SIGSTOP);
        auto partial = wave();
        ::kill(relay, SIGCONT); // (before any check: never leave it stopped)
        QVERIFY2(partial, partial ? "" : partial.error().message.c_str());
        QCOMPARE(std::set(partial->missing.begin(), partial->missing.end()),
                 std::set(below.begin(), below.end()));
        std::vector<TreeEvent> events;
        QVERIFY(awaitEvent(*tree, TreeEvent::Kind::Slow, 1, events, std::chrono::seconds(5)));
        QVERIFY(awaitEvent(*tree, TreeEvent::Kind::Back, 1, events, std::chrono::seconds(10)));
        for (const TreeEvent& e : events) {
            QCOMPARE(std::set(e.nodes.begin(), e.nodes.end()),
                     std::set(below.begin(), below.end()));
            QVERIFY(e.kind == TreeEvent::Kind::Slow || e.kind == TreeEvent::Kind::Back);
        }
        auto whole = wave();
        QVERIFY(whole && whole->missing.empty());
        QCOMPARE(sum(whole.value()), sumOfLeaves(tree->topology()));
    }
};

QTEST_GUILESS_MAIN(TestGatherTreeSlow)
#include "tst_gathertreeslow.moc"
