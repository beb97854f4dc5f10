#pragma once

// The report's tables in one page: pick a table (threads, contributors, wrappers, hotspots,
// timemap, classes), filter its rows by text, sort by any column, copy the selection (Ctrl+C,
// tab-separated, raw values) or export the whole table as CSV. The run's slowest calls
// (core's outlierTable, from the Over time job) are one more table, "slowest calls"; a row of a
// table with a seq column opens its call on double-click or Enter (callRequested).

#include "core/analysis/report.h"
#include "core/model/table.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace xylem::views {

class TableModel;

class TablePage : public QWidget
{
    Q_OBJECT

public:
    explicit TablePage(QWidget* parent = nullptr);

    void setReport(std::shared_ptr<const AnalysisReport> report);
    // The "slowest calls" table (empty: none known yet).
    void setSlowestCalls(Table table);
    bool showTable(const QString& name);
    QString currentTable() const;
    TableModel* model() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    QTableView* view() const { return m_view; }
    QString selectionAsText() const;
    // The current table as CSV (core's toCsv), to save where the user says.
    QString csv() const;

signals:
    // A row of a table with a "seq" column was activated (double-click, Enter).
    void callRequested(qint64 seq);

private:
    void reload();
    void activate(const QModelIndex& proxyIndex);

    std::shared_ptr<const AnalysisReport> m_report;
    Table m_slowestCalls;
    QComboBox* m_choice;
    QLineEdit* m_filter;
    QTableView* m_view;
    TableModel* m_model;
    QSortFilterProxyModel* m_proxy;
};

} // namespace xylem::views
