// Views exported as PNG, SVG and PDF: each file is what its suffix says; an unknown suffix or
// an unwritable place is an error naming the file, and nothing crashes.

#include "core/analysis/analyzer.h"
#include "tests/support/testdata.h"
#include "views/viewexport.h"
#include "views/weightedtreeview.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace xylem;
using namespace xylem::views;

class TestViewExport : public QObject
{
    Q_OBJECT

private slots:
    void everyFormatWritesWhatItSays_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("start");
        QTest::newRow("png") << "tree.png" << QByteArray("\x89PNG");
        QTest::newRow("svg") << "tree.svg" << QByteArray("<?xml");
        QTest::newRow("pdf") << "tree.pdf" << QByteArray("%PDF");
    }
    void everyFormatWritesWhatItSays()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, start);
        WeightedTreeView view;
        view.resize(600, 400);
        view.setReport(
            std::make_shared<const AnalysisReport>(analyze(testing::exampleRun("two-hosts"))));
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        const auto exported = exportView(view, path);
        QVERIFY2(exported.ok(), exported.ok() ? "" : exported.error().describe().c_str());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray content = file.readAll();
        QVERIFY2(content.startsWith(start), content.left(16).toHex().constData());
        QVERIFY(content.size() > 500);
        if (name.endsWith(QLatin1String("svg"))) {
            QVERIFY(content.contains("<svg"));
        }
    }

    void badTargetsAreErrors()
    {
        WeightedTreeView view;
        view.resize(100, 100);
        auto wrong = exportView(view, QStringLiteral("/tmp/view.bmp"));
        QVERIFY(!wrong);
        QVERIFY(wrong.error().message.find(".svg") != std::string::npos);
        auto nowhere = exportView(view, QStringLiteral("/nonexistent/folder/view.png"));
        QVERIFY(!nowhere);
        QCOMPARE(QString::fromStdString(nowhere.error().where),
                 QStringLiteral("/nonexistent/folder/view.png"));
    }
};

QTEST_MAIN(TestViewExport)
#include "tst_viewexport.moc"
