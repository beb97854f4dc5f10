// Scope designs kept in the open session, in the window (issue 10): the scope builder's Open ▸
// From the Session lists the stored designs with the runs recorded through them and puts the chosen
// one on the canvas as one undoable step; the runs panel's "Open Its Scope Design" opens the
// design a run was recorded with, and says so when it had none.

#include "app/gui/attachdialog.h"
#include "app/gui/mainwindow.h"
#include "app/gui/runpanel.h"
#include "app/gui/scopebuilderlink.h"
#include "core/live/designstore.h"
#include "tests/app/examplesession.h"
#include "tests/support/testpictures.h"
#include "views/scopebuilderpage.h"
#include "views/scopedocument.h"
#include "views/scopesessiondialog.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace xylem;

namespace {

live::ScopeDesign designOver(std::vector<std::string> hosts, std::string name)
{
    live::DesignSpec spec;
    spec.shape = gather::TopologyShape::Kary;
    spec.fanout = 2;
    spec.hosts.hosts = std::move(hosts);
    spec.name = std::move(name);
    live::ScopeDesign design = live::generateDesign(spec).value();
    (void)live::applyPreset(design, live::Monitor::Statistics);
    return design;
}

} // namespace

class TestScopeSession : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("XylemTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_scopesession"));
    }

    void aStoredDesignOpensFromTheSession()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        const live::ScopeDesign used = designOver({"A", "B", "C"}, "three hosts");
        const live::ScopeDesign spare = designOver({"A"}, "spare");
        {
            auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadWrite);
            QVERIFY(session);
            QVERIFY(live::saveDesign(session.value(), used, 2));
            QVERIFY(live::saveDesign(session.value(), spare));
        }
        gui::MainWindow window;
        window.resize(1200, 750);
        window.show();
        window.openSession(path);
        QTRY_COMPARE_WITH_TIMEOUT(window.runList()->count(), 2, 20000);
        window.showView(gui::MainWindow::View::Scopes);
        auto* page = qobject_cast<views::ScopeBuilderPage*>(
            window.viewWidget(gui::MainWindow::View::Scopes));
        QVERIFY(page);

        QStringList listed;
        QTimer::singleShot(0, page, [page, &listed] { chooseFirstDesign(page, listed, 250); });
        page->openFromSessionAction()->trigger(); // the dialog is modal: answered above
        QCOMPARE(listed.size(), 2);
        QVERIFY2(listed[0].contains(QStringLiteral("three hosts")) &&
                     listed[0].contains(QStringLiteral("run 2: flat-mpi")),
                 qPrintable(listed[0]));
        QVERIFY2(listed[1].contains(QStringLiteral("spare")), qPrintable(listed[1]));
        QCOMPARE(page->document()->design(), used);
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-scope-from-session.png"));
        QVERIFY(window.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));
        QAction* undo = nullptr;
        for (QAction* a : page->findChildren<QAction*>()) {
            undo = a->shortcut() == QKeySequence(QKeySequence::Undo) ? a : undo;
        }
        QVERIFY(undo);
        QCOMPARE(undo->text(), QStringLiteral("Undo")); // short on the tool bar
        QVERIFY2(undo->toolTip().contains(QStringLiteral("three hosts")),
                 qPrintable(undo->toolTip()));
        undo->trigger(); // one step: the design before comes back
        QVERIFY(page->document()->design().nodes.empty());
    }

    void aRunOpensItsScopeDesign()
    {
        QTemporaryDir dir;
        const QString path = testing::exampleSession(dir);
        QVERIFY(!path.isEmpty());
        live::ScopeDesign tuned = designOver({"A", "B"}, "tuned");
        {
            auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadWrite);
            QVERIFY(session);
            QVERIFY(live::saveDesign(session.value(), designOver({"A", "B"}, "first"), 1));
            QVERIFY(live::saveDesign(session.value(), tuned, 1));
        }
        gui::MainWindow window;
        window.show();
        window.openSession(path);
        QTRY_COMPARE_WITH_TIMEOUT(window.runList()->count(), 2, 20000);
        auto* page = qobject_cast<views::ScopeBuilderPage*>(
            window.viewWidget(gui::MainWindow::View::Scopes));
        QAction* open = nullptr;
        for (QAction* a : window.runPanel()->list()->actions()) {
            open = a->text().contains(QStringLiteral("Scope Design")) ? a : open;
        }
        QVERIFY(open);
        window.runList()->setCurrentRow(0); // run 1
        QCOMPARE(window.runPanel()->currentRun(), 1);
        open->trigger();
        QCOMPARE(page->document()->design(), tuned); // the last deployed
        QVERIFY(window.viewDock(gui::MainWindow::View::Scopes)->isVisible());

        window.runList()->setCurrentRow(1); // run 2: recorded without a design
        auto* link = window.findChild<gui::ScopeBuilderLink*>();
        QVERIFY(link);
        QSignalSpy failed(link, &gui::ScopeBuilderLink::failed);
        QSignalSpy changed(page->document(), &views::ScopeDocument::changed);
        open->trigger();
        QCOMPARE(failed.count(), 1);
        QVERIFY2(failed.first().first().toString().contains(QStringLiteral("Run 2")),
                 qPrintable(failed.first().first().toString()));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(page->document()->design(), tuned);
    }

    void theDeployDialogShowsEachCollectorsCommand()
    {
        gui::AttachDialog dialog(nullptr, gui::AttachDialog::Purpose::DeployDesign);
        dialog.setCollectorHosts({QStringLiteral("n0"), QStringLiteral("n1")});
        dialog.addressField()->setText(QStringLiteral("/tmp/tree.address"));
        const QString command = dialog.commandLabel()->text();
        for (const char* host : {"n0", "n1"}) {
            QVERIFY2(command.contains(QStringLiteral("xylem-collector --attach /tmp/tree.address "
                                                     "--host %1 ")
                                          .arg(QLatin1String(host))),
                     qPrintable(command));
        }
        // A deployment's recording is proposed as a scope session (a monitor's is not).
        const QString proposed = QFileInfo(dialog.settings().session).fileName();
        QVERIFY2(proposed.startsWith(QStringLiteral("xylem-scope-")), qPrintable(proposed));
        QVERIFY(dialog.settings().session.endsWith(QStringLiteral(".xylem")));
        dialog.configurationField()->setText(
            QStringLiteral(XYLEM_TEST_DATA_DIR "/two-hosts.tree.json"));
        dialog.show();
        const QString picture =
            QString::fromStdString(xylem::testing::picturePath("xylem-scope-deploy-dialog.png"));
        QVERIFY(dialog.grab().save(picture));
        qInfo("picture: %s", qPrintable(picture));
    }

private:
    // Reads the modal dialog's list, chooses the first design and opens it. Retries every 20 ms
    // while the dialog is not up, at most tries times; the retries go with owner (a local of the
    // test, as listed is), so none outlives them.
    static void chooseFirstDesign(QObject* owner, QStringList& listed, int tries)
    {
        auto* dialog = qobject_cast<views::ScopeSessionDialog*>(QApplication::activeModalWidget());
        if (!dialog) {
            if (tries > 1) {
                QTimer::singleShot(20, owner, [owner, &listed, tries] {
                    chooseFirstDesign(owner, listed, tries - 1);
                });
            }
            return;
        }
        for (int i = 0; i < dialog->list()->count(); ++i) {
            listed << dialog->list()->item(i)->text();
        }
        dialog->list()->setCurrentRow(0);
        dialog->openButton()->click();
    }
};

QTEST_MAIN(TestScopeSession)
#include "tst_scopesession.moc"
