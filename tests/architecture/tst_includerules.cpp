#include <QTemporaryDir>
#include <QtTest>

#include "includerules.h"

class TestIncludeRules : public QObject
{
    Q_OBJECT

private slots:
    void rules_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("include");
        QTest::addColumn<bool>("allowed");
        QTest::newRow("core Qt") << "core"
                                 << "QString" << false;
        QTest::newRow("core QtCore/") << "core"
                                      << "QtCore/qglobal.h" << false;
        QTest::newRow("collectors Qt") << "collectors"
                                       << "QObject" << false;
        QTest::newRow("core qcustomplot") << "core"
                                          << "qcustomplot.h" << false;
        QTest::newRow("core boost") << "core"
                                    << "boost/asio.hpp" << true;
        QTest::newRow("core sqlite") << "core"
                                     << "sqlite3.h" << true;
        QTest::newRow("core std") << "core"
                                  << "vector" << true;
        QTest::newRow("core views") << "core"
                                    << "views/timemapview.h" << false;
        QTest::newRow("core app") << "core"
                                  << "app/cli/commands.h" << false;
        QTest::newRow("views boost") << "views"
                                     << "boost/asio.hpp" << false;
        QTest::newRow("views collectors") << "views"
                                          << "collectors/probe/probe.h" << false;
        QTest::newRow("views Qt") << "views"
                                  << "QWidget" << true;
        QTest::newRow("views core") << "views"
                                    << "core/analysis/report.h" << true;
        QTest::newRow("collectors core") << "collectors"
                                         << "core/model/tuple.h" << true;
        QTest::newRow("collectors views") << "collectors"
                                          << "views/x.h" << false;
        QTest::newRow("queue is no Qt") << "core"
                                        << "queue" << true;
    }
    void rules()
    {
        QFETCH(QString, folder);
        QFETCH(QString, include);
        QFETCH(bool, allowed);
        QCOMPARE(brokenRule(folder, include).isEmpty(), allowed);
    }

    void scansATreeAndNamesFileAndLine()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath("core/analysis"));
        QVERIFY(QDir(dir.path()).mkpath("views"));
        QFile bad(dir.filePath("core/analysis/bad.cpp"));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("#include \"core/model/tuple.h\"\n\n#include <QString>\n");
        bad.close();
        QFile good(dir.filePath("views/good.h"));
        QVERIFY(good.open(QIODevice::WriteOnly));
        good.write("#include <QWidget>\n#include \"core/analysis/report.h\"\n");
        good.close();
        const auto violations = findIncludeViolations(dir.path());
        QCOMPARE(violations.size(), 1);
        QCOMPARE(violations[0].file, QString("core/analysis/bad.cpp"));
        QCOMPARE(violations[0].line, 3);
        QCOMPARE(violations[0].include, QString("QString"));
    }

    void theProjectKeepsTheRules()
    {
        const auto violations = findIncludeViolations(QStringLiteral(XYLEM_SOURCE_DIR));
        for (const IncludeViolation& v : violations) {
            qWarning("%s:%d: #include %s breaks: %s", qPrintable(v.file), v.line,
                     qPrintable(v.include), qPrintable(v.rule));
        }
        QCOMPARE(violations.size(), 0);
    }
};

QTEST_APPLESS_MAIN(TestIncludeRules)
#include "tst_includerules.moc"
