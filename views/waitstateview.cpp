#include "views/waitstateview.h"

#include "core/model/durationunits.h"
#include "views/clockskewview.h"
#include "views/palette.h"
#include "views/plotcsvexport.h"
#include "views/plotlegend.h"
#include "views/waitpatternpanel.h"
#include "views/waitstatemodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace xylem::views {

WaitStateView::WaitStateView(QWidget* parent)
    : QWidget(parent)
    , m_model(new WaitStateModel(this))
    , m_summary(new QLabel(this))
    , m_panel(new WaitPatternPanel(this))
    , m_table(new QTableView(this))
    , m_tabs(new QTabWidget(this))
    , m_plot(new QCustomPlot(this))
    , m_clocks(new ClockSkewView(this))
{
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) {
                    rankChosen(m_model->data(m_model->index(current.row(), 0)).toInt());
                }
            });
    connect(m_panel, &WaitPatternPanel::rankChosen, this, &WaitStateView::selectRank);
    m_tabs->addTab(m_panel, tr("By pattern"));
    m_tabs->addTab(m_table, tr("Per rank"));
    m_plot->xAxis->setLabel(tr("rank"));
    m_plot->yAxis->setLabel(tr("waiting time (%1)").arg(QStringLiteral("µs")));
    addCsvExport(m_plot, {QStringLiteral("waitstates.csv"), {}, {}});
    placeLegendAbove(m_plot); // inside the axis rect it hid the last ranks' bars
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst); // the patterns in a row
    connect(m_plot, &QCustomPlot::plottableClick, this,
            [this](QCPAbstractPlottable* p, int index, QMouseEvent*) { barClicked(p, index); });
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_tabs);
    split->addWidget(m_plot);
    split->addWidget(m_clocks);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    clear(tr("No MPI run shown."));
}

void WaitStateView::setReport(const WaitStateReport& report, std::vector<MpiRank> ranks,
                              std::vector<int> wrapperOfRank)
{
    m_wrapperOfRank = std::move(wrapperOfRank);
    m_panel->setReport(report, ranks);
    m_model->setReport(report, std::move(ranks));
    m_summary->setText(
        tr("%1 collective instances analysed, %2 incomplete (left out); %3 unmatched sends, "
           "%4 unmatched receives. Call sites are MPI function and communicator: no return "
           "addresses are recorded.")
            .arg(report.collectiveInstances)
            .arg(report.incompleteInstances)
            .arg(report.unmatchedSends)
            .arg(report.unmatchedReceives));
    m_tabs->setVisible(true);
    m_plot->setVisible(true);
    drawBars();
}

void WaitStateView::clear(const QString& why)
{
    m_wrapperOfRank.clear();
    m_model->setReport({}, {});
    m_panel->setReport({}, {});
    m_summary->setText(why);
    m_clocks->setClocks({});
    m_plot->clearPlottables();
    m_plot->replot();
}

void WaitStateView::setClocks(std::vector<HostClock> clocks)
{
    m_clocks->setClocks(std::move(clocks));
}

QString WaitStateView::summary() const
{
    return m_summary->text();
}

void WaitStateView::drawBars()
{
    m_plot->clearPlottables();
    const auto& ranks = m_model->ranks();
    QVector<double> x;
    for (const MpiRank& r : ranks) {
        x << r.rank;
    }
    // The axis in the unit durationunits.h chooses for the highest stack (a rank waiting seconds
    // reads "8 s", not "8·10^6 µs"); the CSV export takes the unit from the label.
    std::vector<double> stackNs(ranks.size(), 0.0);
    for (const PatternSeverity& p : m_model->report().patterns) {
        for (size_t i = 0; i < ranks.size(); ++i) {
            stackNs[i] += static_cast<double>(p.perRank[i].waitNs);
        }
    }
    const double highestNs =
        stackNs.empty() ? 0.0 : *std::max_element(stackNs.begin(), stackNs.end());
    const DurationUnit unit = durationUnitFor(highestNs);
    const double unitNs = nanosecondsPer(unit);
    const std::string_view symbol = unitSymbol(unit);
    m_plot->yAxis->setLabel(
        tr("waiting time (%1)")
            .arg(QString::fromUtf8(symbol.data(), static_cast<qsizetype>(symbol.size()))));
    QCPBars* below = nullptr;
    double top = 0;
    std::vector<double> stack(ranks.size(), 0.0);
    for (const PatternSeverity& p : m_model->report().patterns) {
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        QVector<double> y;
        for (size_t i = 0; i < ranks.size(); ++i) {
            y << static_cast<double>(p.perRank[i].waitNs) / unitNs;
            stack[i] += y.back();
            top = std::max(top, stack[i]);
        }
        const QColor colour = seriesColour(static_cast<size_t>(p.pattern));
        bars->setPen(QPen(colour.darker(130)));
        bars->setBrush(colour);
        bars->setWidth(0.7);
        bars->setName(WaitStateModel::patternTitle(p.pattern));
        bars->setData(x, y, true);
        if (below) {
            bars->moveAbove(below);
        }
        below = bars;
    }
    QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.7, std::max<double>(1.0, static_cast<double>(ranks.size())) - 0.3);
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.1 : 1.0);
    m_plot->replot();
}

void WaitStateView::selectRank(int rank)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->data(m_model->index(row, 0)).toInt() == rank) {
            m_table->setCurrentIndex(m_model->index(row, 0));
            return;
        }
    }
}

void WaitStateView::rankChosen(int rank)
{
    emit rankSelected(rank);
    if (rank >= 0 && static_cast<size_t>(rank) < m_wrapperOfRank.size() &&
        m_wrapperOfRank[static_cast<size_t>(rank)] >= 0) {
        emit threadSelected(m_wrapperOfRank[static_cast<size_t>(rank)]);
    }
}

void WaitStateView::barClicked(QCPAbstractPlottable* bars, int dataIndex)
{
    auto* b = qobject_cast<QCPBars*>(bars);
    if (b && dataIndex >= 0 && dataIndex < b->data()->size()) {
        selectRank(static_cast<int>(std::lround((b->data()->begin() + dataIndex)->key)));
    }
}

} // namespace xylem::views
