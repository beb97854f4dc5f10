#include "views/waitpatternpanel.h"

#include "views/tablemodel.h"
#include "views/waitstatemodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

namespace xylem::views {

namespace {

QStandardItem* text(const QString& s)
{
    auto* item = new QStandardItem(s);
    item->setData(s, WaitPatternPanel::kRawRole);
    item->setEditable(false);
    return item;
}

QStandardItem* number(double raw, const QString& shown)
{
    auto* item = new QStandardItem(shown);
    item->setData(raw, WaitPatternPanel::kRawRole);
    item->setData(int(Qt::AlignRight | Qt::AlignVCenter), Qt::TextAlignmentRole);
    item->setEditable(false);
    return item;
}

QStandardItem* duration(std::int64_t ns)
{
    return number(static_cast<double>(ns), formatNanoseconds(static_cast<double>(ns)));
}

QStandardItem* share(double fraction, bool any)
{
    return number(fraction, any ? QStringLiteral("%1 %").arg(fraction * 100, 0, 'f', 1)
                                : QStringLiteral("–"));
}

double gridShare(const WaitSeverity& s)
{
    return s.waitNs > 0 ? static_cast<double>(s.gridNs) / static_cast<double>(s.waitNs) : 0.0;
}

QTableView* table(QStandardItemModel* model, QWidget* parent)
{
    auto* view = new QTableView(parent);
    view->setModel(model);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSortingEnabled(true);
    view->setWordWrap(false);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    view->horizontalHeader()->setStretchLastSection(true);
    view->verticalHeader()->hide();
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6); // compact
    model->setSortRole(WaitPatternPanel::kRawRole);
    return view;
}

QWidget* titled(const QString& title, QWidget* content, QWidget* parent)
{
    auto* box = new QWidget(parent);
    auto* layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(title, box));
    layout->addWidget(content, 1);
    return box;
}

} // namespace

WaitPatternPanel::WaitPatternPanel(QWidget* parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_patternModel(new QStandardItemModel(this))
    , m_rankModel(new QStandardItemModel(this))
    , m_siteModel(new QStandardItemModel(this))
    , m_commModel(new QStandardItemModel(this))
    , m_patterns(table(m_patternModel, this))
    , m_ranks(table(m_rankModel, this))
    , m_sites(table(m_siteModel, this))
    , m_comms(table(m_commModel, this))
{
    m_heading->setWordWrap(true);
    m_patterns->setSortingEnabled(false); // kept in the order of the report
    connect(m_patterns->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid() && current.row() < kWaitPatternCount) {
                    showPattern(static_cast<WaitPattern>(current.row()));
                }
            });
    connect(m_ranks->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                if (current.isValid()) {
                    emit rankChosen(
                        m_rankModel->index(current.row(), RankId).data(kRawRole).toInt());
                }
            });
    auto* details = new QSplitter(Qt::Vertical, this);
    details->addWidget(
        titled(tr("Ranks: who waited, and whom they waited for (caused)"), m_ranks, details));
    auto* sites = new QSplitter(Qt::Horizontal, details);
    sites->addWidget(titled(tr("Call sites where ranks waited"), m_sites, sites));
    sites->addWidget(titled(tr("Communicators"), m_comms, sites));
    sites->setSizes({560, 340}); // proportions: the call sites have the longer names
    details->addWidget(sites);
    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_heading);
    rightLayout->addWidget(details, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(titled(tr("Patterns"), m_patterns, split));
    split->addWidget(right);
    split->setSizes({400, 600}); // wide enough for the pattern list's five columns
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    setReport({}, {});
}

void WaitPatternPanel::setReport(const WaitStateReport& report, std::vector<MpiRank> ranks)
{
    m_report = report;
    m_rankInfo = std::move(ranks);
    fillPatterns();
    // Open on the pattern with the most waiting (the first when none waited).
    WaitPattern worst = WaitPattern::WaitAtNxN;
    for (int p = 0; p < kWaitPatternCount; ++p) {
        if (m_report.of(static_cast<WaitPattern>(p)).total.waitNs >
            m_report.of(worst).total.waitNs) {
            worst = static_cast<WaitPattern>(p);
        }
    }
    showPattern(worst);
}

QString WaitPatternPanel::heading() const
{
    return m_heading->text();
}

void WaitPatternPanel::fillPatterns()
{
    m_patternModel->clear();
    m_patternModel->setHorizontalHeaderLabels(
        {tr("Pattern"), tr("Waiting"), tr("MPI share"), tr("Grid"), tr("Main cause")});
    for (int i = 0; i < kWaitPatternCount; ++i) { // rows in WaitPattern order
        const PatternSeverity& p = m_report.patterns[static_cast<size_t>(i)];
        m_patternModel->appendRow(
            {text(WaitStateModel::patternTitle(static_cast<WaitPattern>(i))),
             duration(p.total.waitNs), share(p.shareOfMpiTime, m_report.mpiTimeNs > 0),
             share(gridShare(p.total), p.total.waitNs > 0),
             number(p.mainCause,
                    p.mainCause >= 0 ? tr("rank %1").arg(p.mainCause) : QStringLiteral("–"))});
    }
}

void WaitPatternPanel::showPattern(WaitPattern pattern)
{
    const auto row = static_cast<int>(pattern);
    if (m_patterns->currentIndex().row() != row) {
        m_patterns->setCurrentIndex(m_patternModel->index(row, 0));
        return; // currentRowChanged comes back here
    }
    m_pattern = pattern;
    const PatternSeverity& p = m_report.of(pattern);
    const QString title = WaitStateModel::patternTitle(pattern);
    if (p.total.waitNs <= 0) {
        m_heading->setText(tr("%1: no rank waited.").arg(title));
    } else {
        const double caused = static_cast<double>(p.causedNs[static_cast<size_t>(p.mainCause)]) /
                              static_cast<double>(p.total.waitNs);
        const QString calls = p.total.waits == 1 ? tr("1 call") : tr("%1 calls").arg(p.total.waits);
        m_heading->setText(
            tr("%1: %2 waited in %3, %4 of it across clusters; rank %5 caused %6 of it.")
                .arg(title, formatNanoseconds(static_cast<double>(p.total.waitNs)), calls)
                .arg(QStringLiteral("%1 %").arg(gridShare(p.total) * 100, 0, 'f', 1))
                .arg(p.mainCause)
                .arg(QStringLiteral("%1 %").arg(caused * 100, 0, 'f', 1)));
    }
    fillRanks(p);
    fillSites(p);
}

void WaitPatternPanel::fillRanks(const PatternSeverity& p)
{
    m_rankModel->clear();
    m_rankModel->setHorizontalHeaderLabels({tr("Rank"), tr("Host"), tr("Cluster"), tr("Waited"),
                                            tr("Calls"), tr("Grid share"), tr("Caused")});
    for (size_t r = 0; r < p.perRank.size(); ++r) {
        const WaitSeverity& s = p.perRank[r];
        if (s.waitNs <= 0 && p.causedNs[r] <= 0) {
            continue; // neither waited nor made anyone wait
        }
        const MpiRank info = r < m_rankInfo.size() ? m_rankInfo[r] : MpiRank{int(r), {}, {}};
        m_rankModel->appendRow({number(static_cast<double>(r), QString::number(r)),
                                text(QString::fromStdString(info.host)),
                                text(QString::fromStdString(info.cluster)), duration(s.waitNs),
                                number(static_cast<double>(s.waits), QString::number(s.waits)),
                                share(gridShare(s), s.waitNs > 0), duration(p.causedNs[r])});
    }
    m_ranks->sortByColumn(Caused, Qt::DescendingOrder); // the causes first
}

void WaitPatternPanel::fillSites(const PatternSeverity& p)
{
    m_siteModel->clear();
    m_siteModel->setHorizontalHeaderLabels(
        {tr("Call"), tr("Comm."), tr("Waiting"), tr("Calls"), tr("Grid")});
    for (const CallSiteSeverity& c : p.perCallSite) {
        m_siteModel->appendRow(
            {text(QString::fromUtf8(mpiCallName(c.call))),
             number(c.communicator, QString::number(c.communicator)), duration(c.severity.waitNs),
             number(static_cast<double>(c.severity.waits), QString::number(c.severity.waits)),
             share(gridShare(c.severity), c.severity.waitNs > 0)});
    }
    m_sites->sortByColumn(2, Qt::DescendingOrder);
    m_commModel->clear();
    m_commModel->setHorizontalHeaderLabels(
        {tr("Comm."), tr("Waiting"), tr("Calls"), tr("Grid")});
    for (const CommunicatorSeverity& c : p.perCommunicator) {
        m_commModel->appendRow(
            {number(c.communicator, QString::number(c.communicator)), duration(c.severity.waitNs),
             number(static_cast<double>(c.severity.waits), QString::number(c.severity.waits)),
             share(gridShare(c.severity), c.severity.waitNs > 0)});
    }
    m_comms->sortByColumn(1, Qt::DescendingOrder);
}

} // namespace xylem::views
