#include "views/monitors/monitorsview.h"

#include "core/analysis/slidingwindowmedian.h"
#include "core/store/monitortables.h"
#include "core/store/session.h"
#include "views/monitors/monitortablemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace xylem::views {

namespace {

// A table that sorts by the raw values when a header is clicked, in the stored order at first.
QTableView* tableOver(QAbstractItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    auto* sorted = qobject_cast<QSortFilterProxyModel*>(model);
    if (!sorted) {
        sorted = new QSortFilterProxyModel(view);
        sorted->setSourceModel(model);
        sorted->setSortRole(TableModel::kRawRole);
    }
    view->setModel(sorted);
    view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    return view;
}

QLabel* textLabel(QWidget* parent)
{
    auto* label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QString number(double value, int decimals)
{
    return QString::number(value, 'f', decimals);
}

QString errorText(const Error& error)
{
    return MonitorsView::tr("Cannot read the stored results: %1")
        .arg(QString::fromStdString(error.describe()));
}

} // namespace

MonitorsView::MonitorsView(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_accountingText(textLabel(this))
    , m_loadBalanceText(textLabel(this))
    , m_statisticsText(textLabel(this))
    , m_collectors(new MonitorTableModel(this))
    , m_episodes(new MonitorTableModel(this))
    , m_lastArrivals(new MonitorTableModel(this))
    , m_orders(new MonitorTableModel(this))
    , m_statistics(new MonitorTableModel(this))
    , m_ordersView(nullptr)
    , m_filter(new QLineEdit(this))
    , m_statisticsProxy(new QSortFilterProxyModel(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    auto* accounting = new QWidget(m_tabs);
    auto* a = new QVBoxLayout(accounting);
    a->addWidget(m_accountingText);
    a->addWidget(new QLabel(tr("Per collector: its program's ring records"), accounting));
    a->addWidget(tableOver(m_collectors, accounting), 2);
    a->addWidget(new QLabel(tr("Lost and slow nodes"), accounting));
    a->addWidget(tableOver(m_episodes, accounting), 1);
    m_tabs->addTab(accounting, tr("Accounting"));

    auto* balance = new QWidget(m_tabs);
    auto* b = new QVBoxLayout(balance);
    b->addWidget(m_loadBalanceText);
    b->addWidget(tableOver(m_lastArrivals, balance), 2);
    m_ordersView = tableOver(m_orders, balance);
    b->addWidget(m_ordersView, 1);
    m_tabs->addTab(balance, tr("Load balance"));

    auto* statistics = new QWidget(m_tabs);
    auto* s = new QVBoxLayout(statistics);
    s->addWidget(m_statisticsText);
    m_filter->setPlaceholderText(tr("Filter by host, gred, collector or measure…"));
    m_filter->setClearButtonEnabled(true);
    s->addWidget(m_filter);
    m_statisticsProxy->setSourceModel(m_statistics);
    m_statisticsProxy->setSortRole(TableModel::kRawRole);
    m_statisticsProxy->setFilterKeyColumn(-1);
    m_statisticsProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    connect(m_filter, &QLineEdit::textChanged, m_statisticsProxy,
            &QSortFilterProxyModel::setFilterFixedString);
    s->addWidget(tableOver(m_statisticsProxy, statistics), 1);
    m_tabs->addTab(statistics, tr("Statistics"));
    clear(tr("No run shown."));
}

void MonitorsView::clear(const QString& why)
{
    for (MonitorTableModel* model :
         {m_collectors, m_episodes, m_lastArrivals, m_orders, m_statistics}) {
        model->setTable({});
    }
    m_ordersView->hide();
    for (QLabel* label : {m_accountingText, m_loadBalanceText, m_statisticsText}) {
        label->setText(why);
    }
    m_live = false;
}

void MonitorsView::showLive(const LiveMonitors& live)
{
    if (!m_live) {
        clear(tr("Recording: the statistics monitor's results are shown once the run is "
                 "stored."));
        m_live = true;
    }
    const QString heading = live.final
                                ? tr("All gathered: the run is being stored.")
                                : tr("Recording: the accounting so far, as the run will store it.");
    if (live.accounting) {
        showAccounting(*live.accounting);
        m_accountingText->setText(heading + QLatin1Char('\n') + m_accountingText->text());
    } else {
        m_collectors->setTable({});
        m_episodes->setTable({});
        m_accountingText->setText(heading + QLatin1Char('\n') +
                                  tr("Cannot read the live accounting: %1").arg(live.error));
    }
    m_loadBalanceText->setText(
        tr("Recording: %1 complete calls so far, imbalance path %2. Every gred's last-arrival "
           "counts are shown once the run is stored.")
            .arg(live.completeCalls)
            .arg(live.imbalancePath.isEmpty() ? tr("(no complete call)")
                                              : live.imbalancePath.join(QStringLiteral(" › "))));
}

void MonitorsView::showRun(const QString& sessionPath, qint64 run)
{
    auto session = store::Session::open(sessionPath.toStdString(), store::OpenMode::ReadOnly);
    if (!session) {
        clear(errorText(session.error()));
        return;
    }
    setMonitors(run, store::storedAccounting(session.value(), run),
                store::storedMonitorResults(session.value(), run));
}

void MonitorsView::setMonitors(qint64 run,
                               const Result<std::optional<store::StoredAccounting>>& accounting,
                               const Result<std::optional<store::MonitorResults>>& results)
{
    clear(tr("Run %1 has no stored monitor results: a live recording (Live menu, xylem-cli "
             "record) stores them with its run.")
              .arg(run));
    if (!accounting) {
        m_accountingText->setText(errorText(accounting.error()));
    } else if (accounting.value()) {
        showAccounting(*accounting.value());
    }
    if (!results) {
        m_loadBalanceText->setText(errorText(results.error()));
        m_statisticsText->setText(errorText(results.error()));
    } else if (results.value()) {
        showResults(*results.value());
    }
}

void MonitorsView::showAccounting(const store::StoredAccounting& a)
{
    m_collectors->setTable(store::collectorTable(a));
    m_episodes->setTable(store::episodeTable(a));
    QStringList lines;
    lines << tr("%1 tuples gathered in %2 s (%3 tuples/s), in %4 waves from %5 rings.")
                 .arg(a.tuples)
                 .arg(number(a.seconds, 1))
                 .arg(number(a.tuplesPerSecond, 0))
                 .arg(a.waves)
                 .arg(a.rings);
    const QString rate = a.gatherRatePct ? tr("%1 %").arg(number(*a.gatherRatePct, 3))
                                         : tr("none (collectors only)");
    lines << tr("Gather rate %1: %2 read, %3 overwritten before they were read, of %4 written.")
                 .arg(rate)
                 .arg(a.read)
                 .arg(a.overwritten)
                 .arg(a.written);
    if (!a.gatherRateComplete) {
        lines << tr("Collectors were lost: their counts stop where they were lost.");
    }
    lines << tr("Mean delay from a tuple's record to the front-end: %1.")
                 .arg(formatNanoseconds(a.meanDelayMs * 1e6));
    lines << tr("%n lost or slow node episode(s)", nullptr, static_cast<int>(a.episodes.size())) +
                 (a.episodesNotListed > 0 ? tr(", %1 more not listed").arg(a.episodesNotListed)
                                          : QString()) +
                 tr("; %1 invalid tuples; %2 system samples stored, %3 lost.")
                     .arg(a.invalidTuples)
                     .arg(a.systemSamples)
                     .arg(a.systemSamplesLost);
    if (a.slowdownPct) {
        lines << tr("Slowdown %1 % (%2 µs per iteration recorded, %3 µs without collectors).")
                     .arg(number(*a.slowdownPct, 2))
                     .arg(number(a.recordedUs.value_or(0), 2))
                     .arg(number(a.baselineUs.value_or(0), 2));
    }
    m_accountingText->setText(lines.join(QLatin1Char('\n')));
}

void MonitorsView::showResults(const store::MonitorResults& m)
{
    m_lastArrivals->setTable(store::lastArrivalTable(m));
    m_orders->setTable(store::orderTable(m));
    m_ordersView->setVisible(m_orders->rowCount() > 0);
    m_statistics->setTable(store::statisticsTable(m));
    QStringList forms;
    for (const store::LoadBalanceForm& f : m.loadBalance) {
        QStringList path;
        for (const std::string& id : f.imbalancePath) {
            path << QString::fromStdString(id);
        }
        forms << tr("Load balance (%1): imbalance path %2")
                     .arg(QString::fromStdString(f.form), path.isEmpty()
                                                              ? tr("(no complete call)")
                                                              : path.join(QStringLiteral(" › ")));
    }
    if (forms.isEmpty()) {
        forms << tr("The load-balance monitor was not in the run's scope.");
    }
    m_loadBalanceText->setText(forms.join(QLatin1Char('\n')));
    QStringList calls;
    for (const store::HostStatistics& h : m.statistics) {
        calls << tr("%1: %2 calls").arg(QString::fromStdString(h.host)).arg(h.calls);
    }
    m_statisticsText->setText(
        m.statistics.empty()
            ? tr("The statistics monitor was not in the run's scope.")
            : tr("Running statistics of every host's greds and collectors; the window median "
                 "is the median of the last %1 values. %2.")
                  .arg(kDefaultMedianWindow)
                  .arg(calls.join(QStringLiteral(", "))));
}

QString MonitorsView::accountingSummary() const
{
    return m_accountingText->text();
}

QString MonitorsView::loadBalanceSummary() const
{
    return m_loadBalanceText->text();
}

QString MonitorsView::statisticsSummary() const
{
    return m_statisticsText->text();
}

} // namespace xylem::views
