// The scope builder offscreen (issue 10): a scope built through the document's operations is
// validated and its messages sit on the offending node; every edit undoes and redoes back to
// the same design; dragging from a node's out-port connects it; the inspector edits the
// selected node, a filter's coscheduling included; a generated layout takes a preset's filters;
// live figures show on the nodes. Pictures of the canvas are saved to look at.

#include "core/live/scopedesignjson.h"
#include "tests/support/testpictures.h"
#include "views/scopebuilderpage.h"
#include "views/scopecanvas.h"
#include "views/scopedocument.h"
#include "views/scopeinspector.h"
#include "views/scopenodeitem.h"

#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

// A node placed where the builder's generator would put it: a row per kind, apart by host.
live::DesignNode node(live::DesignNodeKind kind, const std::string& host,
                      int parent = live::kNoNode)
{
    live::DesignNode n;
    n.kind = kind;
    n.host = host;
    n.parent = parent;
    n.y = kind == live::DesignNodeKind::FrontEnd ? 0
          : kind == live::DesignNodeKind::Relay  ? 140
                                                 : 280;
    n.x = host.size() == 2 ? 210.0 * (host.back() - '0') : 0;
    return n;
}

// Equal but for nextId: ids are never reused, so undoing an addition keeps the counter.
bool sameDesign(live::ScopeDesign a, const live::ScopeDesign& b)
{
    a.nextId = b.nextId;
    return a == b;
}

QString savePicture(QWidget& widget, const char* name)
{
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    widget.grab().save(file);
    qInfo("picture: %s", qPrintable(file));
    return file;
}

} // namespace

class TestScopeBuilder : public QObject
{
    Q_OBJECT

private slots:
    void aScopeBuiltByOperationsIsValidatedOnItsNodes()
    {
        ScopeBuilderPage page;
        page.resize(1100, 650);
        ScopeDocument* doc = page.document();
        const int fe = *doc->addNode(node(live::DesignNodeKind::FrontEnd, "localhost"));
        const int relay = *doc->addNode(node(live::DesignNodeKind::Relay, "n0", fe));
        const int c1 = *doc->addNode(node(live::DesignNodeKind::Collector, "n1", relay));
        const int c2 = *doc->addNode(node(live::DesignNodeKind::Collector, "n2", relay));
        QVERIFY2(doc->issues().empty(),
                 doc->issues().empty() ? "" : doc->issues().front().message.c_str());
        QVERIFY(page.issueList()->count() == 1); // "The design can be deployed."

        QVERIFY(doc->setHost(c2, QStringLiteral("n1"))); // two collectors on one host
        QVERIFY(!doc->issues().empty());
        bool onC2 = false;
        for (const live::DesignIssue& issue : doc->issues()) {
            onC2 = onC2 || issue.nodeId == c2 || issue.nodeId == c1;
        }
        QVERIFY2(onC2, "the message sits on a collector of host n1");
        const int offending = doc->issues().front().nodeId;
        QVERIFY(page.canvas()->itemOf(offending));
        QVERIFY(!page.canvas()->itemOf(offending)->issues().empty());
        QVERIFY(page.canvas()->itemOf(fe)->issues().empty());
        page.show();
        page.canvas()->fitAll();
        savePicture(page, "xylem-scope-issue.png");

        QVERIFY(!doc->connectNodes(fe, c1));    // the front-end never has a parent
        QVERIFY(!doc->connectNodes(relay, c1)); // a relay never sends to a collector
    }

    void everyEditUndoesAndRedoes()
    {
        ScopeDocument doc;
        std::vector<live::ScopeDesign> states{doc.design()};
        const int fe = *doc.addNode(node(live::DesignNodeKind::FrontEnd, "localhost"));
        states.push_back(doc.design());
        const int c1 = *doc.addNode(node(live::DesignNodeKind::Collector, "n1", fe));
        states.push_back(doc.design());
        live::DesignNode filter = node(live::DesignNodeKind::Filter, "", c1);
        filter.filter.kind = live::FilterKind::LastArrival;
        const int f = *doc.addNode(filter);
        states.push_back(doc.design());
        QVERIFY(doc.setRing(c1, {1u << 20, "replace-read"}));
        states.push_back(doc.design());
        QVERIFY(doc.moveNode(c1, 40, 200));
        QVERIFY(doc.moveNode(c1, 60, 220)); // consecutive moves of one node are one undo step
        states.push_back(doc.design());
        QVERIFY(doc.disconnectNode(c1));
        states.push_back(doc.design());
        QVERIFY(doc.removeNode(fe));
        states.push_back(doc.design());
        QCOMPARE(doc.undoStack()->count(), int(states.size()) - 1);
        QCOMPARE(doc.design().find(f)->parent, c1);

        for (int i = int(states.size()) - 2; i >= 0; --i) {
            doc.undoStack()->undo();
            QVERIFY2(sameDesign(doc.design(), states[size_t(i)]),
                     qPrintable(QStringLiteral("undo to state %1").arg(i)));
        }
        for (size_t i = 1; i < states.size(); ++i) {
            doc.undoStack()->redo();
            QVERIFY2(sameDesign(doc.design(), states[i]),
                     qPrintable(QStringLiteral("redo to state %1").arg(i)));
        }
    }

    void draggingFromAnOutPortConnects()
    {
        ScopeBuilderPage page;
        page.resize(900, 600);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        ScopeDocument* doc = page.document();
        live::DesignNode fe = node(live::DesignNodeKind::FrontEnd, "localhost");
        const int feId = *doc->addNode(fe);
        live::DesignNode c = node(live::DesignNodeKind::Collector, "n1");
        c.x = 0;
        c.y = 200;
        const int cId = *doc->addNode(c);
        QCOMPARE(doc->design().find(cId)->parent, live::kNoNode);
        ScopeCanvas* canvas = page.canvas();
        const QPoint from = canvas->mapFromScene(canvas->itemOf(cId)->outPort());
        const QPoint to = canvas->mapFromScene(canvas->itemOf(feId)->inPort() - QPointF(0, 20));
        QTest::mousePress(canvas->viewport(), Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, to, canvas->viewport()->mapToGlobal(to), Qt::NoButton,
                         Qt::LeftButton, {});
        QCoreApplication::sendEvent(canvas->viewport(), &move);
        QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, {}, to);
        QCOMPARE(doc->design().find(cId)->parent, feId);
        doc->undoStack()->undo();
        QCOMPARE(doc->design().find(cId)->parent, live::kNoNode);
    }

    void theInspectorEditsTheSelectedNode()
    {
        ScopeBuilderPage page;
        ScopeDocument* doc = page.document();
        const int fe = *doc->addNode(node(live::DesignNodeKind::FrontEnd, "localhost"));
        const int relay = *doc->addNode(node(live::DesignNodeKind::Relay, "n0", fe));
        page.canvas()->selectNode(relay);
        QCOMPARE(page.inspector()->shownNode(), relay);
        auto* helpers = page.inspector()->findChild<QSpinBox*>();
        QVERIFY(helpers);
        helpers->setValue(6);
        emit helpers->editingFinished();
        QCOMPARE(doc->design().find(relay)->gather.helperThreads, 6u);
        doc->undoStack()->undo();
        QCOMPARE(doc->design().find(relay)->gather.helperThreads, 2u);
        QCOMPARE(helpers->value(), 2); // the inspector follows the design
        // The host is taken trimmed: blanks around the same host are no edit and no undo step.
        QLineEdit* host = nullptr;
        for (auto* edit : page.inspector()->findChildren<QLineEdit*>()) {
            host = edit->text() == QStringLiteral("n0") ? edit : host;
        }
        QVERIFY(host);
        const int steps = doc->undoStack()->index();
        host->setText(QStringLiteral("n0 "));
        emit host->editingFinished();
        QCOMPARE(doc->undoStack()->index(), steps);
        host->setText(QStringLiteral(" n5 "));
        emit host->editingFinished();
        QCOMPARE(doc->undoStack()->index(), steps + 1);
        QCOMPARE(doc->design().find(relay)->host, std::string("n5"));
    }

    // A filter's coscheduling is set in the inspector, one undoable step, kept in the design's
    // file and shown again when it is opened; a mode the file misspells is refused by name.
    void theInspectorSetsAFiltersCoscheduling()
    {
        ScopeBuilderPage page;
        ScopeDocument* doc = page.document();
        const int fe = *doc->addNode(node(live::DesignNodeKind::FrontEnd, "localhost"));
        const int c1 = *doc->addNode(node(live::DesignNodeKind::Collector, "n1", fe));
        live::DesignNode filter = node(live::DesignNodeKind::Filter, "", c1);
        filter.filter.kind = live::FilterKind::LastArrival;
        const int f = *doc->addNode(filter);
        page.resize(1280, 800);
        page.show();
        auto* coschedule = page.inspector()->findChild<QComboBox*>(QStringLiteral("coschedule"));
        QVERIFY(coschedule);
        page.canvas()->selectNode(c1);
        QVERIFY(!coschedule->isVisibleTo(&page)); // a collector has no coscheduling of its own
        page.canvas()->selectNode(f);
        QVERIFY(coschedule->isVisibleTo(&page));
        QCOMPARE(coschedule->currentData().toString(), QStringLiteral("off"));
        QCOMPARE(coschedule->count(), 3);
        for (int i = 0; i < coschedule->count(); ++i) {
            QVERIFY(!coschedule->itemData(i, Qt::ToolTipRole).toString().isEmpty());
        }

        // The canvas says the mode under the filter's title when it is not off (the items are
        // made again on every change, so each is looked up anew).
        const auto canvasText = [&page](int id) {
            return page.canvas()->itemOf(id)->settingsLine();
        };
        QCOMPARE(canvasText(f), QString());
        const double offHeight = page.canvas()->itemOf(f)->boundingRect().height();

        const int steps = doc->undoStack()->index();
        const int release = coschedule->findData(QStringLiteral("after-release"));
        QVERIFY(release >= 0);
        coschedule->setCurrentIndex(release);
        emit coschedule->activated(release);
        QCOMPARE(doc->design().find(f)->filter.coschedule, std::string("after-release"));
        QVERIFY(doc->design().find(f)->filter.kind == live::FilterKind::LastArrival);
        QCOMPARE(doc->undoStack()->index(), steps + 1);
        QCOMPARE(canvasText(f), QStringLiteral("coscheduled after release"));
        QCOMPARE(page.canvas()->itemOf(f)->boundingRect().height(), offHeight); // one line
        emit coschedule->activated(release); // the same mode again is no step
        QCOMPARE(doc->undoStack()->index(), steps + 1);
        doc->undoStack()->undo();
        QCOMPARE(doc->design().find(f)->filter.coschedule, std::string("off"));
        QCOMPARE(coschedule->currentData().toString(), QStringLiteral("off"));
        QCOMPARE(canvasText(f), QString());
        doc->undoStack()->redo();
        QCOMPARE(coschedule->currentData().toString(), QStringLiteral("after-release"));
        QCOMPARE(canvasText(f), QStringLiteral("coscheduled after release"));

        // A filter that already has a line of settings gets a second one, and a taller box.
        live::DesignNode max = node(live::DesignNodeKind::Filter, "", c1);
        max.filter.kind = live::FilterKind::Reduce;
        max.filter.reduce = live::ReduceOperator::Max;
        max.x = 440;
        const int m = *doc->addNode(max);
        const QString maxOff = canvasText(m);
        QVERIFY(!maxOff.isEmpty() && !maxOff.contains(QLatin1Char('\n')));
        const double maxOffHeight = page.canvas()->itemOf(m)->boundingRect().height();
        max.filter.coschedule = "after-send";
        QVERIFY(doc->setFilter(m, max.filter));
        QCOMPARE(canvasText(m), maxOff + QStringLiteral("\ncoscheduled after sending"));
        QVERIFY(page.canvas()->itemOf(m)->boundingRect().height() > maxOffHeight);
        page.canvas()->fitAll();
        savePicture(page, "xylem-scope-coschedule-inspector.png");
        doc->undoStack()->undo();
        QCOMPARE(canvasText(m), maxOff);
        QCOMPARE(page.canvas()->itemOf(m)->boundingRect().height(), maxOffHeight);
        doc->undoStack()->undo(); // the reduce filter goes: the saved design is the one above
        QVERIFY(!doc->design().find(m));

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("coscheduled.json"));
        QVERIFY(page.saveDesign(file));
        QFile saved(file);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        const QByteArray text = saved.readAll();
        QJsonObject written;
        for (const QJsonValue n : QJsonDocument::fromJson(text).object()[u"nodes"].toArray()) {
            written = n.toObject()[u"id"].toInt() == f ? n.toObject() : written;
        }
        QCOMPARE(written[u"coschedule"].toString(), QStringLiteral("after-release"));

        ScopeBuilderPage other;
        QVERIFY(other.openDesign(file));
        QCOMPARE(other.document()->design(), doc->design());
        other.canvas()->selectNode(f);
        auto* reopened = other.inspector()->findChild<QComboBox*>(QStringLiteral("coschedule"));
        QCOMPARE(reopened->currentData().toString(), QStringLiteral("after-release"));

        // A misspelt mode: the file is refused, naming the field and the value, and the open
        // design stays.
        const QString bad = dir.filePath(QStringLiteral("misspelt.json"));
        QFile misspelt(bad);
        QVERIFY(misspelt.open(QIODevice::WriteOnly));
        const QByteArray badText =
            QByteArray(text).replace("\"after-release\"", "\"after-sending\"");
        QVERIFY(badText != text);
        misspelt.write(badText);
        misspelt.close();
        QSignalSpy failed(&other, &ScopeBuilderPage::failed);
        const int before = other.document()->undoStack()->index();
        QVERIFY(!other.openDesign(bad));
        QCOMPARE(failed.count(), 1);
        const QString message = failed.front().front().toString();
        QVERIFY2(message.contains(QStringLiteral("coschedule")) &&
                     message.contains(QStringLiteral("after-sending")),
                 qPrintable(message));
        QCOMPARE(other.document()->undoStack()->index(), before);
        QCOMPARE(other.document()->design(), doc->design());
    }

    // Choosing "plugin" for a filter fills in the suggested library (the shipped examples); the
    // filter's name completes it.
    void aPluginFilterStartsFromTheSuggestedLibrary()
    {
        ScopeBuilderPage page;
        ScopeDocument* doc = page.document();
        const int fe = *doc->addNode(node(live::DesignNodeKind::FrontEnd, "localhost"));
        live::DesignNode filter = node(live::DesignNodeKind::Filter, "", fe);
        const int id = *doc->addNode(filter);
        page.inspector()->suggestPluginLibrary(QStringLiteral("/opt/xylem/libexample.so"),
                                               QStringLiteral("longest-wait"));
        page.canvas()->selectNode(id);
        QComboBox* kind = nullptr;
        for (auto* box : page.inspector()->findChildren<QComboBox*>()) {
            kind = box->findData(static_cast<int>(live::FilterKind::Plugin)) >= 0 &&
                           box->count() == static_cast<int>(live::FilterKind::Plugin) + 1
                       ? box
                       : kind;
        }
        QVERIFY(kind);
        const int plugin = kind->findData(static_cast<int>(live::FilterKind::Plugin));
        kind->setCurrentIndex(plugin);
        emit kind->activated(plugin);
        // Not set yet: the filter's name is missing.
        QVERIFY(doc->design().find(id)->filter.kind == live::FilterKind::Concatenation);
        QLineEdit* library = nullptr;
        QLineEdit* name = nullptr;
        for (auto* edit : page.inspector()->findChildren<QLineEdit*>()) {
            library = edit->text() == QStringLiteral("/opt/xylem/libexample.so") ? edit : library;
            name = edit->placeholderText().contains(QStringLiteral("longest-wait")) ? edit : name;
        }
        QVERIFY(library && name);
        name->setText(QStringLiteral("longest-wait"));
        emit name->editingFinished();
        const live::FilterSettings& set = doc->design().find(id)->filter;
        QVERIFY(set.kind == live::FilterKind::Plugin);
        QCOMPARE(set.pluginLibrary, std::string("/opt/xylem/libexample.so"));
        QCOMPARE(set.pluginFilter, std::string("longest-wait"));
        page.resize(1000, 500);
        page.show();
        savePicture(page, "xylem-scope-plugin-inspector.png");
    }

    void aGeneratedLayoutTakesAPresetAndShowsFigures()
    {
        ScopeBuilderPage page;
        page.resize(1200, 700);
        live::DesignSpec spec;
        spec.shape = gather::TopologyShape::Hierarchy;
        spec.fanout = 2;
        for (int i = 0; i < 6; ++i) {
            spec.hosts.hosts.push_back("n" + std::to_string(i));
            spec.hosts.clusters.push_back(i < 3 ? "c0" : "c1");
        }
        QVERIFY(page.generate(spec));
        QVERIFY(page.applyPreset(live::Monitor::LoadBalance));
        const live::ScopeDesign& design = page.document()->design();
        int collectors = 0;
        live::DesignFigures figures;
        for (const live::DesignNode& n : design.nodes) {
            if (n.kind != live::DesignNodeKind::Collector) {
                continue;
            }
            ++collectors;
            bool filtered = false;
            for (int f : design.filterChainOf(n.id)) {
                filtered = filtered || design.find(f)->filter.kind == live::FilterKind::LastArrival;
            }
            QVERIFY2(filtered, live::describeNode(n).c_str());
            live::NodeFigures fig;
            fig.tuplesPerSecond = 1.2e5;
            fig.gatherRatePct = n.host == "n4" ? 93.0 : 100.0; // one falls behind
            fig.delayMs = 2.5;
            fig.cpuPct = 12;
            figures[n.id] = fig;
        }
        QCOMPARE(collectors, 6);
        QVERIFY2(page.document()->issues().empty(),
                 page.document()->issues().empty()
                     ? ""
                     : page.document()->issues().front().message.c_str());
        page.document()->setFigures(figures);
        for (const auto& [id, fig] : figures) {
            QVERIFY(page.canvas()->itemOf(id)->hasFigures());
        }
        page.show();
        page.canvas()->fitAll();
        savePicture(page, "xylem-scope-builder.png");

        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("xylem-scope-design.json"));
        QVERIFY(page.saveDesign(file));
        ScopeBuilderPage other;
        QVERIFY(other.openDesign(file));
        QCOMPARE(other.document()->design(), design);
    }

    void filterResultsShowOnTheirNodes()
    {
        ScopeBuilderPage page;
        page.resize(1000, 600);
        live::DesignSpec spec;
        spec.hosts.hosts = {"n0", "n1", "n2"};
        QVERIFY(page.generate(spec));
        live::ScopeDesign design = page.document()->design();
        const int root = design.frontEnd()->id;
        live::DesignNode max = node(live::DesignNodeKind::Filter, "", root);
        max.filter.kind = live::FilterKind::Reduce;
        max.filter.reduce = live::ReduceOperator::Max;
        max.x = -220;
        max.y = -130;
        live::DesignNode classes = max;
        classes.filter = {live::FilterKind::EquivalenceClasses};
        classes.x = 220;
        const int maxId = live::addNode(design, max).value();
        const int classesId = live::addNode(design, classes).value();
        page.document()->replaceDesign(design, QStringLiteral("filters"));
        QVERIFY(page.document()->issues().empty());
        const double plain = page.canvas()->itemOf(classesId)->boundingRect().height();
        const ScopeNodeItem* before = page.canvas()->itemOf(classesId);

        live::DesignFigures figures;
        for (const auto& n : design.nodes) {
            if (n.kind != live::DesignNodeKind::Filter) {
                figures[n.id] = live::NodeFigures{};
            }
        }
        page.document()->setFigures(
            figures, {{maxId, {12, 3, "written 1.2 M, read 1.2 M\noverwritten 0, rings 4"}},
                      {classesId, {12, 3, "87 %: n2\n100 %: n0 n1"}}});
        for (int id : {maxId, classesId}) {
            QVERIFY(page.canvas()->itemOf(id)->hasOutput());
            QVERIFY(!page.canvas()->itemOf(id)->hasFigures());
        }
        QVERIFY(page.canvas()->itemOf(classesId)->boundingRect().height() > plain + 30);
        // Figures redraw the items in place (ten times a second while deployed): a drag under
        // way keeps its item.
        QCOMPARE(page.canvas()->itemOf(classesId), before);
        QVERIFY(!page.canvas()->itemOf(root)->hasOutput());
        page.show();
        page.canvas()->fitAll();
        savePicture(page, "xylem-scope-filter-results.png");
        // Stopped: the results go with the figures.
        page.document()->setFigures({});
        QVERIFY(!page.canvas()->itemOf(maxId)->hasOutput());
    }
};

QTEST_MAIN(TestScopeBuilder)
#include "tst_scopebuilder.moc"
