// The one-call view (views/callview.h): its rows are the call's edges in tree order, a thread's
// stage bars fill its call time, the last arrival at every gred is marked (and drawn), the
// buttons and the seq box ask for the right call, an unknown or incomplete call shows core's
// message, and a tree of 512 threads folds to rows that fit. Saves the view at 1280x800.

#include "core/analysis/calldetail.h"
#include "core/model/treegenerator.h"
#include "tests/support/testdata.h"
#include "tests/support/testpictures.h"
#include "tests/support/tracesimulator.h"
#include "views/callganttplot.h"
#include "views/callview.h"

#include <QElapsedTimer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

#include <set>

using namespace xylem;
using namespace xylem::views;

namespace {

struct Shown
{
    std::shared_ptr<const CallDetail> detail;
    CallNeighbours neighbours;
    std::int64_t first = 0;
    std::int64_t last = 0;
};

Shown callOf(const Configuration& c, const std::vector<Tuple>& tuples, std::int64_t seq)
{
    auto d = callDetail(c, tuples, seq);
    if (!d) {
        qFatal("%s", d.error().describe().c_str());
    }
    const std::vector<CallTimes> calls = completeCallTimes(c, tuples);
    return Shown{std::make_shared<const CallDetail>(std::move(d).value()),
                 callNeighbours(calls, seq).value(), calls.front().seq, calls.back().seq};
}

void show(CallView& view, const Shown& s)
{
    view.setCall(s.detail, s.neighbours, s.first, s.last);
}

// Hosts x 8 threads, host h37's thread 5 late by 40 µs in every call.
Run bigRun(const char* hosts = "64", std::int64_t calls = 20)
{
    TreeSpec spec;
    spec.name = std::string(hosts) + " hosts x 8 threads";
    spec.hosts = parseHostList(hosts).value();
    spec.threadsPerHost = 8;
    Configuration config = generateTree(spec).value();
    testing::SimulationSpec sim;
    sim.calls = calls;
    sim.culprit = "h37.t5";
    sim.culpritDelay = 40'000;
    std::vector<Tuple> tuples = testing::simulateTrace(config, sim);
    return Run{std::move(config), std::move(tuples)};
}

void savePicture(CallView& view, const char* name)
{
    view.resize(1280, 800);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const QString path = QString::fromStdString(testing::picturePath(name));
    QVERIFY(view.grab().save(path));
    qInfo("picture: %s", qPrintable(path));
}

} // namespace

class TestCallView : public QObject
{
    Q_OBJECT

private slots:
    void rowsAreTheCallsEdgesInTreeOrder()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& c = run.configuration;
        CallView view;
        show(view, callOf(c, run.tuples, 0));
        QVERIFY(!view.folded());
        const auto& rows = view.plot()->rows();
        QStringList ids;
        for (const CallGanttRow& r : rows) {
            ids << QString::fromStdString(c.wrapper(r.wrapper).id);
        }
        QCOMPARE(ids, QStringList({"C", "gB", "pA", "gA", "T1", "T2", "T3"}));
        QCOMPARE(rows[0].kind, CallRowKind::Root);
        QCOMPARE(rows[3].depth, 3);
        for (const CallGanttRow& r : rows) {
            if (r.kind == CallRowKind::Root) {
                continue;
            }
            const CallEdge& e =
                view.detail()
                    ->edges[static_cast<size_t>(r.wrapper < c.root() ? r.wrapper : r.wrapper - 1)];
            QCOMPARE(e.wrapper, r.wrapper);
            QCOMPARE(r.downNs, e.downNs);
            QCOMPARE(r.upNs, e.upNs);
            QCOMPARE(r.kind, c.wrapper(r.wrapper).kind == WrapperKind::Thread ? CallRowKind::Thread
                                                                              : CallRowKind::Edge);
        }
        QVERIFY(view.headerText().contains("Call #0"));
        QVERIFY(view.headerText().contains("12.00 \u00b5s")); // operation time
        QVERIFY(view.headerText().contains("T2"));            // slowest thread
        QCOMPARE(view.plot()->rowLabel(rows[5]), QString("T2 (slowest)"));
    }

    void stageBarsFillEachThreadsCallTime()
    {
        const Run run = testing::exampleRun("two-hosts");
        for (std::int64_t seq = 0; seq < 3; ++seq) {
            CallView view;
            view.resize(1280, 800);
            show(view, callOf(run.configuration, run.tuples, seq));
            int threads = 0;
            for (const CallGanttRow& r : view.plot()->rows()) {
                if (r.kind != CallRowKind::Thread) {
                    continue;
                }
                ++threads;
                const CallThread& t = view.detail()->threads[static_cast<size_t>(r.thread)];
                QCOMPARE(t.wrapper, r.wrapper);
                std::int64_t sum = 0;
                for (const CallStageSpan& s : t.stages) {
                    sum += s.endNs - s.startNs;
                }
                QCOMPARE(sum, r.upNs - r.downNs);
                QCOMPARE(sum, t.callTimeNs);
                // Drawn end to end: the first bar starts where the row's edge goes down.
                QCOMPARE(view.plot()->xOf(t.stages.front().startNs), view.plot()->xOf(r.downNs));
                QCOMPARE(view.plot()->xOf(t.stages.back().endNs), view.plot()->xOf(r.upNs));
            }
            QCOMPARE(threads, 3);
            // Hovering T1's hop down names the stage, where it happens and how long it took.
            const auto& rows = view.plot()->rows();
            const CallGanttRow& t1 = rows[4];
            const CallStageSpan& hop = view.detail()->threads[size_t(t1.thread)].stages[2];
            QVERIFY(hop.stage == Stage::Down);
            const QPoint at(int((view.plot()->xOf(hop.startNs) + view.plot()->xOf(hop.endNs)) / 2),
                            view.plot()->rowRect(4).center().y());
            QVERIFY2(view.plot()->describeAt(at).startsWith("T1: down (hop) at pA, "),
                     qPrintable(view.plot()->describeAt(at)));
        }
    }

    void lastArrivalIsMarkedAtEveryGred()
    {
        const Run run = testing::exampleRun("two-hosts");
        const Configuration& c = run.configuration;
        CallView view;
        show(view, callOf(c, run.tuples, 0));
        savePicture(view, "callview-two-hosts.png");
        std::set<int> marked;
        const QImage image = view.plot()->grab().toImage();
        for (size_t i = 0; i < view.plot()->rows().size(); ++i) {
            const CallGanttRow& r = view.plot()->rows()[i];
            if (!r.lastArrival) {
                continue;
            }
            marked.insert(r.wrapper);
            // The triangle is drawn in vermillion just above the bar at the row's down.
            const QRect band = view.plot()->rowRect(i);
            const int x = static_cast<int>(view.plot()->xOf(r.downNs));
            QCOMPARE(image.pixelColor(x, band.top() + 4), QColor(213, 94, 0));
        }
        // Call 0: T2 arrives last at gA (1200 > 1000), pA at gB (6300 > 2000).
        QCOMPARE(marked, std::set<int>({c.indexOf("T2"), c.indexOf("pA")}));
        for (const CallGred& g : view.detail()->greds) {
            QVERIFY(marked.count(g.lastArrival) == 1);
        }
        QVERIFY(view.headerText().contains("C &gt; gB &gt; pA &gt; gA &gt; T2"));
    }

    void buttonsAndSeqBoxAskForTheRightCall()
    {
        const Run run = testing::exampleRun("two-hosts");
        // Operation times: #0 12000, #1 12300, #2 12400: #1's slower is #2, its faster #0.
        CallView view;
        QSignalSpy asked(&view, &CallView::callRequested);
        show(view, callOf(run.configuration, run.tuples, 1));
        QCOMPARE(view.seqBox()->value(), 1);
        QCOMPARE(asked.count(), 0); // showing a call asks for nothing
        view.slowerButton()->click();
        view.fasterButton()->click();
        view.seqBox()->setValue(2);
        QCOMPARE(asked.count(), 3);
        QCOMPARE(asked[0][0].value<std::int64_t>(), 2);
        QCOMPARE(asked[1][0].value<std::int64_t>(), 0);
        QCOMPARE(asked[2][0].value<std::int64_t>(), 2);
        show(view, callOf(run.configuration, run.tuples, 2)); // the slowest: nothing slower
        QVERIFY(!view.slowerButton()->isEnabled());
        QVERIFY(view.fasterButton()->isEnabled());
    }

    void unknownAndIncompleteCallsShowWhy()
    {
        Run run = testing::exampleRun("two-hosts");
        CallView view;
        show(view, callOf(run.configuration, run.tuples, 0));
        QVERIFY(view.errorText().isEmpty());
        const auto unknown = callDetail(run.configuration, run.tuples, 7);
        view.showError(QString::fromStdString(unknown.error().message));
        QCOMPARE(view.errorText(), QString("no call #7 in the run (its calls are #0 to #2)"));
        QVERIFY(view.plot()->rows().empty());
        QVERIFY(!view.slowerButton()->isEnabled());
        std::erase_if(run.tuples, [&](const Tuple& t) {
            return t.seq == 1 && static_cast<int>(t.collector) == run.configuration.indexOf("gA");
        });
        const auto incomplete = callDetail(run.configuration, run.tuples, 1);
        view.showError(QString::fromStdString(incomplete.error().message));
        QVERIFY(view.errorText().startsWith("call #1 is incomplete"));
        savePicture(view, "callview-incomplete.png");
        show(view, callOf(run.configuration, run.tuples, 2));
        QVERIFY(view.errorText().isEmpty());
    }

    void fourThousandThreadsStayAFewRows()
    {
        const Run run = bigRun("512", 4);
        CallView view;
        view.resize(1280, 800);
        const Shown call = callOf(run.configuration, run.tuples, 2);
        QElapsedTimer shown;
        shown.start();
        show(view, call);
        (void)view.grab();
        qInfo("figure: 4096 threads folded, set and drawn in %lld ms", shown.elapsed());
        QVERIFY(view.folded());
        QVERIFY2(view.plot()->rows().size() <= 20,
                 qPrintable(QString::number(view.plot()->rows().size())));
        QCOMPARE(view.detail()->lastArrivalPath.back(), run.configuration.indexOf("h37.t5"));
        savePicture(view, "callview-4096-threads.png");
    }

    void bigTreeFoldsToThePathsThatExplainTheCall()
    {
        const Run run = bigRun();
        const Configuration& c = run.configuration;
        CallView view;
        view.resize(1280, 800);
        const Shown call = callOf(c, run.tuples, 3);
        QElapsedTimer shown;
        shown.start();
        show(view, call);
        (void)view.grab(); // laid out and painted once
        qInfo("figure: 512 threads folded, set and drawn in %lld ms", shown.elapsed());
        QVERIFY(view.folded());
        const auto& rows = view.plot()->rows();
        QVERIFY2(rows.size() <= 20, qPrintable(QString::number(rows.size())));
        const int culprit = c.indexOf("h37.t5");
        // The late thread is the end of the chain of last arrivals (the slowest thread is the
        // one that waited longest for it); both keep their rows.
        QVERIFY(std::any_of(rows.begin(), rows.end(), [&](const CallGanttRow& r) {
            return r.wrapper == view.detail()->slowestThread && r.slowest;
        }));
        QCOMPARE(view.detail()->lastArrivalPath.back(), culprit);
        // Every wrapper is in exactly one row, its own or a shared one.
        std::multiset<int> covered;
        for (const CallGanttRow& r : rows) {
            if (r.kind == CallRowKind::Folded) {
                for (const int m : r.members) {
                    for (int w = 0; w < c.wrapperCount(); ++w) {
                        const std::vector<int> up = c.pathToRoot(w);
                        if (std::find(up.begin(), up.end(), m) != up.end()) {
                            covered.insert(w);
                        }
                    }
                }
            } else {
                covered.insert(r.wrapper);
            }
        }
        QCOMPARE(static_cast<int>(covered.size()), c.wrapperCount());
        QCOMPARE(static_cast<int>(std::set<int>(covered.begin(), covered.end()).size()),
                 c.wrapperCount());
        for (const int w : view.detail()->lastArrivalPath) {
            QVERIFY(std::any_of(rows.begin(), rows.end(), [w](const CallGanttRow& r) {
                return r.wrapper == w && r.kind != CallRowKind::Folded && r.onLastArrivalPath;
            }));
        }
        savePicture(view, "callview-512-threads.png");
        view.setFolded(false);
        QCOMPARE(static_cast<int>(view.plot()->rows().size()), c.wrapperCount());
        savePicture(view, "callview-512-threads-all.png");
    }
};

QTEST_MAIN(TestCallView)
#include "tst_callview.moc"
