#pragma once

// What a run's live recording stored of its monitors (core/store/monitorresults.h), in three
// tabs: "Accounting" (what was gathered — tuples, tuples/s, the gather rate, losses, the mean
// delay — then the counts of each collector and the lost and slow node episodes), "Load
// balance" (per form, the imbalance path and every gred's last-arrival counts per child, and
// the arrival and departure order counts when recorded) and "Statistics" (the statistics
// monitor's running statistics of each host's greds and collectors with the sliding-window
// median, filterable by text). The tables are core's (core/store/monitortables.h); the view
// only shows them. A run recorded otherwise says that it has none. While a recording is under
// way, the Accounting tab shows its accounting as it grows (showLive), in the same tables.

#include "core/model/result.h"
#include "core/store/monitorresults.h"
#include "views/monitors/livemonitors.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace xylem::views {

class MonitorTableModel;

class MonitorsView : public QWidget
{
    Q_OBJECT

public:
    explicit MonitorsView(QWidget* parent = nullptr);

    // A run's stored results as read (store::storedAccounting, store::storedMonitorResults):
    // nullopt is "not recorded"; an error is shown where its tables would be.
    void setMonitors(qint64 run, const Result<std::optional<store::StoredAccounting>>& accounting,
                     const Result<std::optional<store::MonitorResults>>& results);
    // Reads them from the session file (read-only: two small stored results) and shows them.
    void showRun(const QString& sessionPath, qint64 run);
    // A recording under way, about once a second: its accounting in the Accounting tab, the
    // calls and the imbalance path so far in Load balance; what only the stored run has (every
    // gred's last-arrival counts, the statistics) is said to come with it.
    void showLive(const LiveMonitors& live);
    bool showsLive() const { return m_live; }
    void clear(const QString& why);

    QTabWidget* tabs() const { return m_tabs; }
    QString accountingSummary() const;
    QString loadBalanceSummary() const;
    QString statisticsSummary() const;
    MonitorTableModel* collectors() const { return m_collectors; }
    MonitorTableModel* episodes() const { return m_episodes; }
    MonitorTableModel* lastArrivals() const { return m_lastArrivals; }
    MonitorTableModel* orders() const { return m_orders; }
    MonitorTableModel* statistics() const { return m_statistics; }
    QSortFilterProxyModel* statisticsFilter() const { return m_statisticsProxy; }

private:
    void showAccounting(const store::StoredAccounting& a);
    void showResults(const store::MonitorResults& m);

    QTabWidget* m_tabs;
    QLabel* m_accountingText;
    QLabel* m_loadBalanceText;
    QLabel* m_statisticsText;
    MonitorTableModel* m_collectors;
    MonitorTableModel* m_episodes;
    MonitorTableModel* m_lastArrivals;
    MonitorTableModel* m_orders;
    MonitorTableModel* m_statistics;
    QTableView* m_ordersView;
    QLineEdit* m_filter;
    QSortFilterProxyModel* m_statisticsProxy;
    bool m_live = false; // a recording's live accounting is shown, not a stored run's
};

} // namespace xylem::views
