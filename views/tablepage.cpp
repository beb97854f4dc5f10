#include "views/tablepage.h"

#include "core/analysis/reporttables.h"
#include "views/tablemodel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

namespace xylem::views {

TablePage::TablePage(QWidget* parent)
    : QWidget(parent)
    , m_choice(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTableView(this))
    , m_model(new TableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    for (const std::string_view name : reportTableNames()) {
        m_choice->addItem(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
    }
    m_choice->addItem(QString::fromUtf8(kSlowestCallsTable.data(),
                                        static_cast<qsizetype>(kSlowestCallsTable.size())));
    m_filter->setPlaceholderText(tr("Filter rows…"));
    m_filter->setClearButtonEnabled(true);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(TableModel::kRawRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->horizontalHeader()->setSortIndicator(-1,
                                                 Qt::AscendingOrder); // the engine's order first
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->verticalHeader()->hide();
    auto* copy = new QAction(tr("Copy"), m_view);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_view->addAction(copy);
    connect(copy, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(selectionAsText()); });

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Table:"), this));
    bar->addWidget(m_choice);
    bar->addWidget(m_filter, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    connect(m_choice, &QComboBox::currentTextChanged, this, &TablePage::reload);
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);
    connect(m_view, &QAbstractItemView::activated, this, &TablePage::activate);
}

void TablePage::setSlowestCalls(Table table)
{
    m_slowestCalls = std::move(table);
    if (currentTable().toStdString() == kSlowestCallsTable) {
        reload();
    }
}

void TablePage::activate(const QModelIndex& proxyIndex)
{
    const Table& table = m_model->table();
    const auto column = std::find(table.columns.begin(), table.columns.end(), "seq");
    const QModelIndex source = m_proxy->mapToSource(proxyIndex);
    if (column == table.columns.end() || !source.isValid()) {
        return;
    }
    const Cell& cell = table.rows.at(static_cast<size_t>(source.row()))
                           .at(static_cast<size_t>(column - table.columns.begin()));
    if (const auto* seq = std::get_if<std::int64_t>(&cell)) {
        emit callRequested(*seq);
    }
}

void TablePage::setReport(std::shared_ptr<const AnalysisReport> report)
{
    m_report = std::move(report);
    reload();
}

bool TablePage::showTable(const QString& name)
{
    const int index = m_choice->findText(name);
    if (index < 0) {
        return false;
    }
    m_choice->setCurrentIndex(index);
    reload();
    return true;
}

QString TablePage::currentTable() const
{
    return m_choice->currentText();
}

void TablePage::reload()
{
    Table table;
    if (m_choice->currentText().toStdString() == kSlowestCallsTable) {
        table = m_slowestCalls;
    } else if (m_report) {
        makeReportTable(*m_report, m_choice->currentText().toStdString(), table);
    }
    m_model->setTable(std::move(table));
}

QString TablePage::selectionAsText() const
{
    std::map<int, std::map<int, QString>> cells; // proxy row -> column -> text
    for (const QModelIndex& index : m_view->selectionModel()->selectedIndexes()) {
        cells[index.row()][index.column()] = index.data(TableModel::kRawRole).toString();
    }
    QStringList lines;
    for (const auto& [row, columns] : cells) {
        QStringList fields;
        for (const auto& [column, text] : columns) {
            fields << text;
        }
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n'));
}

QString TablePage::csv() const
{
    return QString::fromStdString(toCsv(m_model->table()));
}

} // namespace xylem::views
