// The Monitors view (views/monitors/monitorsview.h) of a real recording with the load-balance
// and statistics monitors: its tables have the core reader's rows and values, its summaries
// the reader's numbers. A session without stored monitors and a stored result that does not
// parse are said in place. Pictures of the three tabs at 1280x800.

#include "core/store/monitorresults.h"
#include "core/store/monitortables.h"
#include "core/store/session.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/testpictures.h"
#include "views/monitors/monitorsview.h"
#include "views/monitors/monitortablemodel.h"

#include <QSortFilterProxyModel>
#include <QTabWidget>

using namespace xylem;
using namespace xylem::testing;

namespace {

// Every cell of the model holds the table's raw value.
void compareModel(const views::MonitorTableModel& model, const Table& table)
{
    QCOMPARE(model.rowCount(), static_cast<int>(table.rows.size()));
    QCOMPARE(model.columnCount(), static_cast<int>(table.columns.size()));
    for (int row = 0; row < model.rowCount(); ++row) {
        for (int column = 0; column < model.columnCount(); ++column) {
            const Cell& cell = table.rows[static_cast<size_t>(row)][static_cast<size_t>(column)];
            const QVariant raw = model.data(model.index(row, column), views::TableModel::kRawRole);
            if (const auto* d = std::get_if<double>(&cell)) {
                QCOMPARE(raw.toDouble(), *d);
            } else if (const auto* i = std::get_if<std::int64_t>(&cell)) {
                QCOMPARE(raw.toLongLong(), *i);
            } else if (const auto* s = std::get_if<std::string>(&cell)) {
                QCOMPARE(raw.toString(), QString::fromStdString(*s));
            } else {
                QVERIFY(!raw.isValid());
            }
        }
    }
}

// A parsed result as the view takes it (as read from a session).
template <typename T> Result<std::optional<T>> stored(Result<T> parsed)
{
    if (!parsed) {
        return parsed.error();
    }
    return std::optional<T>(std::move(parsed).value());
}

void savePicture(QWidget& widget, const std::string& name)
{
    QCoreApplication::sendPostedEvents(); // the layout of the texts just set
    QCoreApplication::processEvents();
    const QString file = QString::fromStdString(picturePath(name));
    const QImage image = widget.grab().toImage();
    QCOMPARE(image.size(), QSize(1280, 800));
    QVERIFY(image.save(file));
    qInfo("picture: %s", qPrintable(file));
}

} // namespace

class TestMonitorsView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString scope = m_dir.filePath("monitors.scope.json");
        writeFile(scope, R"({"format": "xylem-scope/1", "name": "monitors",
                   "monitors": ["raw", "load-balance", "statistics"]})");
        m_session = m_dir.filePath("monitors.xylem");
        const CliResult r = runCli({"record", "--hosts", "2", "--threads", "2", "--iterations",
                                    "2000", "--scope", scope, "-o", m_session});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
    }

    void theViewShowsTheReadersNumbers()
    {
        auto session = store::Session::open(m_session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session);
        const store::StoredAccounting a =
            store::storedAccounting(session.value(), 1).value().value();
        const store::MonitorResults m =
            store::storedMonitorResults(session.value(), 1).value().value();

        views::MonitorsView view;
        view.resize(1280, 800);
        view.show();
        view.showRun(m_session, 1);
        compareModel(*view.collectors(), store::collectorTable(a));
        QCOMPARE(view.collectors()->rowCount(), 2);
        compareModel(*view.episodes(), store::episodeTable(a));
        compareModel(*view.lastArrivals(), store::lastArrivalTable(m));
        QVERIFY(view.lastArrivals()->rowCount() > 0);
        compareModel(*view.orders(), store::orderTable(m));
        compareModel(*view.statistics(), store::statisticsTable(m));
        size_t entries = 0;
        for (const store::HostStatistics& h : m.statistics) {
            entries += h.entries.size();
        }
        QCOMPARE(view.statistics()->rowCount(), static_cast<int>(entries));
        QVERIFY2(view.accountingSummary().startsWith(
                     QString("%1 tuples gathered in %2 s").arg(a.tuples).arg(a.seconds, 0, 'f', 1)),
                 qPrintable(view.accountingSummary()));
        QVERIFY2(view.accountingSummary().contains(
                     QString("Gather rate %1 %").arg(*a.gatherRatePct, 0, 'f', 3)),
                 qPrintable(view.accountingSummary()));
        QVERIFY2(view.loadBalanceSummary().contains(
                     QString::fromStdString(m.loadBalance[0].imbalancePath.back())),
                 qPrintable(view.loadBalanceSummary()));
        QVERIFY2(view.statisticsSummary().contains("last 100 values"),
                 qPrintable(view.statisticsSummary()));
        // Durations in automatic units, the raw value for sorting.
        const int median = 6;
        QCOMPARE(view.statistics()->title("window_median_ns"), QString("window median"));
        const QString shown =
            view.statistics()->data(view.statistics()->index(0, median)).toString();
        QVERIFY2(shown.endsWith(" ns") || shown.endsWith(" µs") || shown.endsWith(" ms"),
                 qPrintable(shown));
        view.statisticsFilter()->setFilterFixedString("h1");
        QVERIFY(view.statisticsFilter()->rowCount() > 0);
        QVERIFY(view.statisticsFilter()->rowCount() < view.statistics()->rowCount());
        view.statisticsFilter()->setFilterFixedString(QString());

        const char* names[] = {"accounting", "load-balance", "statistics"};
        for (int tab = 0; tab < 3; ++tab) {
            view.tabs()->setCurrentIndex(tab);
            savePicture(view, std::string("xylem-monitors-") + names[tab] + ".png");
        }
    }

    void aRunWithoutThemAndTextThatDoesNotParseAreSaid()
    {
        QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        views::MonitorsView view;
        view.showRun(path, 1);
        QVERIFY2(view.accountingSummary().contains("no stored monitor results"),
                 qPrintable(view.accountingSummary()));
        QCOMPARE(view.collectors()->rowCount(), 0);
        QCOMPARE(view.statistics()->rowCount(), 0);

        view.setMonitors(1, stored(store::parseAccounting("{\"tuples\": 12, \"collectors\": []}")),
                         stored(store::parseMonitorResults("not JSON")));
        QVERIFY2(view.accountingSummary().contains("collectors is not an object"),
                 qPrintable(view.accountingSummary()));
        QVERIFY2(view.statisticsSummary().contains("monitor results: not a JSON object"),
                 qPrintable(view.statisticsSummary()));
        QCOMPARE(view.lastArrivals()->rowCount(), 0);
    }

private:
    QTemporaryDir m_dir;
    QString m_session;
};

QTEST_MAIN(TestMonitorsView)
#include "tst_monitorsview.moc"
