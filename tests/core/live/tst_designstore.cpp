// Scope designs kept in a session: saved beside event scopes, read back exactly, linked to the
// run recorded with them, and a stored design that no longer reads is named by its scope id.

#include "core/live/designstore.h"
#include "core/live/eventscope.h"
#include "core/live/scopegenerator.h"
#include "core/model/configurationjson.h"
#include "core/store/attachments.h"
#include "core/store/runwriter.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::live;

namespace {

ScopeDesign designOver(std::vector<std::string> hosts, std::string name)
{
    DesignSpec spec;
    spec.hosts.hosts = std::move(hosts);
    spec.name = std::move(name);
    ScopeDesign design = generateDesign(spec).value();
    (void)applyPreset(design, Monitor::LoadBalance);
    return design;
}

} // namespace

class TestDesignStore : public QObject
{
    Q_OBJECT

private slots:
    void designsAreKeptAndLinkedToTheirRun()
    {
        QTemporaryDir dir;
        auto session = store::Session::create(dir.filePath("d.xylem").toStdString());
        QVERIFY(session);
        auto config = readConfigurationFile(XYLEM_TEST_DATA_DIR "/two-hosts.tree.json");
        QVERIFY(config);
        auto writer = store::RunWriter::begin(session.value(), config.value(),
                                              {"run", "", "test", "realtime", ""});
        QVERIFY2(writer, writer ? "" : writer.error().describe().c_str());
        const std::int64_t run = writer->run();
        QVERIFY(writer->finish());

        const ScopeDesign first = designOver({"A", "B"}, "first");
        const ScopeDesign tuned = designOver({"A", "B"}, "tuned");
        const ScopeDesign other = designOver({"C"}, "unused");
        QVERIFY(store::saveScope(session.value(), "plain", scopeToJson(EventScope{})));
        auto firstId = saveDesign(session.value(), first, run);
        QVERIFY(firstId);
        QVERIFY(saveDesign(session.value(), other));
        QVERIFY(saveDesign(session.value(), tuned, run));

        auto all = designsInSession(session.value());
        QVERIFY2(all, all ? "" : all.error().describe().c_str());
        QCOMPARE(all->size(), size_t(3)); // the event scope is left out
        QVERIFY(all->at(0).design == first);
        QCOMPARE(all->at(0).id, firstId.value());
        auto ofRun = designsOfRun(session.value(), run);
        QVERIFY(ofRun);
        QCOMPARE(ofRun->size(), size_t(2));
        QVERIFY(ofRun->at(0).design == first);
        QVERIFY(ofRun->at(1).design == tuned);
    }

    void aBrokenStoredDesignIsNamed()
    {
        QTemporaryDir dir;
        auto session = store::Session::create(dir.filePath("b.xylem").toStdString());
        QVERIFY(session);
        auto id = store::saveScope(session.value(), "broken",
                                   R"({"format": "xylem-scope-design/1", "nodes": 3})");
        QVERIFY(id);
        auto all = designsInSession(session.value());
        QVERIFY(!all);
        QCOMPARE(QString::fromStdString(all.error().describe()),
                 QString("scope %1, field 'nodes': must be a list").arg(id.value()));
    }
};

QTEST_GUILESS_MAIN(TestDesignStore)
#include "tst_designstore.moc"
