// A live recording of gsum through xylem-cli record gathers every tuple whatever the scope's
// coscheduling (off, after-send, after-release): the collectors that wait for the program's
// signal before each read still read everything before it is overwritten (gather rate 100 %,
// nothing overwritten), and every call completes. The same with the monitor paused in every
// other block (record --interleave, bench_live's way): the paused blocks record nothing and
// the program prints its median over block pairs.

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

class TestCoscheduleRecord : public QObject
{
    Q_OBJECT

private:
    // Runs a small recording; returns its stdout (empty on failure, with a warning).
    QString record(const QString& coschedule, const QString& interleave)
    {
        QTemporaryDir dir;
        const QString scope = dir.filePath("s.scope.json");
        QFile file(scope);
        if (!file.open(QIODevice::WriteOnly)) {
            return {};
        }
        file.write(QString(R"({"format": "xylem-scope/1", "name": "raw", "monitors": ["raw"], )"
                           R"("coschedule": "%1"})")
                       .arg(coschedule)
                       .toUtf8());
        file.close();
        QProcess p;
        QStringList args{"record",
                         "--hosts",
                         "2",
                         "--threads",
                         "2",
                         "--iterations",
                         "4000",
                         "--scope",
                         scope,
                         "-o",
                         dir.filePath("s.xylem")};
        if (!interleave.isEmpty()) {
            args << "--interleave" << interleave;
        }
        p.start(XYLEM_CLI, args);
        if (!p.waitForFinished(120000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return QString::fromUtf8(p.readAllStandardOutput());
    }

private slots:
    void everyModeGathersEverything_data()
    {
        QTest::addColumn<QString>("coschedule");
        QTest::addColumn<QString>("interleave");
        for (const char* mode : {"off", "after-send", "after-release"}) {
            QTest::newRow(mode) << QString(mode) << QString();
            QTest::newRow((std::string(mode) + ", paused blocks").c_str())
                << QString(mode) << QString("500");
        }
    }

    void everyModeGathersEverything()
    {
        QFETCH(QString, coschedule);
        QFETCH(QString, interleave);
        const QString out = record(coschedule, interleave);
        QVERIFY(!out.isEmpty());
        QVERIFY2(out.contains("every sum right"), qPrintable(out));
        const auto m =
            QRegularExpression(R"(record: (\d+) complete calls, (\d+) incomplete; (\d+) tuples .*)"
                               R"(gather rate 100\.000 % \(0 overwritten of (\d+) written\))")
                .match(out);
        QVERIFY2(m.hasMatch(), qPrintable(out));
        QVERIFY(m.captured(1).toLongLong() > 0);
        QCOMPARE(m.captured(2).toLongLong(), 0LL);
        QCOMPARE(m.captured(3).toLongLong(), m.captured(4).toLongLong()); // all read
        if (interleave.isEmpty()) {
            QVERIFY(m.captured(1).toLongLong() >= 4000); // every call, warm-up included
        } else {
            QVERIFY2(out.contains(QRegularExpression(R"(median of \d+ block pairs [-+]\d)")),
                     qPrintable(out));
        }
    }
};

QTEST_GUILESS_MAIN(TestCoscheduleRecord)
#include "tst_coschedulerecord.moc"
