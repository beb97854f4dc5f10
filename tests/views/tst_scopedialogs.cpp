// The scope builder's dialogs offscreen (issue 10): Generate takes its hosts from the open run,
// from a tree configuration file or from a running tree's address file, and says in the dialog
// which file did not read; Open ▸ From the Session lists the stored designs with the runs that used
// them and hands back the chosen one. Pictures of both are saved to look at.

#include "core/live/scopegenerator.h"
#include "core/model/configurationjson.h"
#include "core/tree/addressfile.h"
#include "tests/support/testpictures.h"
#include "views/scopegeneratedialog.h"
#include "views/scopesessiondialog.h"

#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::views;

namespace {

void savePicture(QWidget& widget, const char* name)
{
    widget.show();
    const QString file = QString::fromStdString(xylem::testing::picturePath(name));
    widget.grab().save(file);
    qInfo("picture: %s", qPrintable(file));
}

live::ScopeDesign designOver(std::vector<std::string> hosts, std::string name)
{
    live::DesignSpec spec;
    spec.shape = gather::TopologyShape::Flat;
    spec.hosts.hosts = std::move(hosts);
    spec.name = std::move(name);
    return live::generateDesign(spec).value();
}

} // namespace

class TestScopeDialogs : public QObject
{
    Q_OBJECT

private slots:
    void generateTakesHostsFromAConfigurationFile()
    {
        ScopeGenerateDialog dialog;
        const QString config = QStringLiteral(XYLEM_TEST_DATA_DIR "/two-hosts.tree.json");
        QVERIFY(dialog.takeHostsFromConfiguration(config));
        const live::HostList expected =
            live::hostsOfConfiguration(readConfigurationFile(config.toStdString()).value());
        QCOMPARE(dialog.spec().hosts, expected);
        QVERIFY(dialog.message()->isHidden());

        const QString missing = QStringLiteral("/nonexistent/program.tree.json");
        QVERIFY(!dialog.takeHostsFromConfiguration(missing));
        QVERIFY(!dialog.message()->isHidden());
        QVERIFY2(dialog.message()->text().contains(missing), qPrintable(dialog.message()->text()));
        QCOMPARE(dialog.spec().hosts, expected); // the hosts stay as they were
        savePicture(dialog, "xylem-scope-generate-error.png");
    }

    void generateTakesHostsFromARunningTreesAddressFile()
    {
        QTemporaryDir dir;
        auto topology = gather::generateTopology(
            {gather::TopologyShape::Kary, 2, "fe", {"a", "b", "c"}, {}, {}, true});
        QVERIFY(topology);
        const QString address = dir.filePath(QStringLiteral("tree.address"));
        QVERIFY(tree::writeAddressFile(address.toStdString(),
                                       {"secret", {{0, "127.0.0.1", 4000}}, topology.value()}));
        ScopeGenerateDialog dialog;
        QVERIFY(dialog.takeHostsFromAddressFile(address));
        QCOMPARE(dialog.spec().hosts.hosts, (std::vector<std::string>{"a", "b", "c"}));

        const QString notAnAddress = dir.filePath(QStringLiteral("bad.address"));
        QFile bad(notAnAddress);
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("not an address file\n");
        bad.close();
        QVERIFY(!dialog.takeHostsFromAddressFile(notAnAddress));
        QVERIFY2(dialog.message()->text().contains(notAnAddress),
                 qPrintable(dialog.message()->text()));
        QCOMPARE(dialog.spec().hosts.hosts.size(), size_t(3));
    }

    void generateOffersTheOpenRunsHostsAgain()
    {
        ScopeGenerateDialog dialog;
        live::HostList run;
        run.hosts = {"n0", "n1"};
        run.clusters = {"c0", "c1"};
        dialog.setRunHosts(run);
        QCOMPARE(dialog.spec().hosts, run);
        dialog.findChild<QPlainTextEdit*>()->setPlainText(QStringLiteral("x"));
        QCOMPARE(dialog.spec().hosts.hosts, (std::vector<std::string>{"x"}));
        QPushButton* fromRun = nullptr;
        for (QPushButton* b : dialog.findChildren<QPushButton*>()) {
            fromRun = b->text() == QStringLiteral("From the Open Run") ? b : fromRun;
        }
        QVERIFY(fromRun && fromRun->isEnabled());
        fromRun->click();
        QCOMPARE(dialog.spec().hosts, run);
        savePicture(dialog, "xylem-scope-generate.png");
    }

    void theSessionDialogListsDesignsWithTheirRuns()
    {
        std::vector<SessionDesign> designs;
        designs.push_back({designOver({"h0", "h1"}, "two hosts"),
                           {QStringLiteral("run 1: live demo"), QStringLiteral("run 2: tuned")}});
        designs.push_back({designOver({"h0"}, "spare"), {}});
        ScopeSessionDialog dialog(designs);
        QCOMPARE(dialog.list()->count(), 2);
        const QString first = dialog.list()->item(0)->text();
        QVERIFY2(first.contains(QStringLiteral("two hosts")) &&
                     first.contains(QStringLiteral("run 1: live demo; run 2: tuned")),
                 qPrintable(first));
        QVERIFY(dialog.list()->item(1)->text().contains(QStringLiteral("not used by a run")));
        QCOMPARE(dialog.list()->currentRow(), 1); // the newest
        dialog.list()->setCurrentRow(0);
        QVERIFY(dialog.openButton()->isEnabled());
        QCOMPARE(dialog.chosen(), designs[0].design);
        savePicture(dialog, "xylem-scope-session-dialog.png");

        ScopeSessionDialog empty({});
        QVERIFY(!empty.chosen());
        QVERIFY(!empty.openButton()->isEnabled());
    }
};

QTEST_MAIN(TestScopeDialogs)
#include "tst_scopedialogs.moc"
