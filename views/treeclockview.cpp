#include "views/treeclockview.h"

#include "views/tablemodel.h"
#include "views/treeclockmodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QStringList>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace xylem::views {

namespace {

QString how(const std::vector<HostClock>& clocks, bool treeRun)
{
    const int n = static_cast<int>(clocks.size());
    return treeRun ? TreeClockView::tr("Clocks of %n host(s), measured by the front-end through "
                                       "the gather tree; a host's tuples were moved onto the "
                                       "front-end's clock where its offset was beyond its error "
                                       "bound.",
                                       nullptr, n)
                   : TreeClockView::tr("Clocks of %n host(s) of an MPI run; every measured "
                                       "host's events were mapped onto the reference clock.",
                                       nullptr, n);
}

QString unmeasured(const std::vector<HostClock>& clocks)
{
    QStringList hosts;
    for (const HostClock& c : clocks) {
        if (!c.measured && !c.reference) {
            hosts << QString::fromStdString(c.host);
        }
    }
    return hosts.isEmpty() ? QString()
                           : TreeClockView::tr("Never measured: %1 (in the timemap, proxy hops "
                                               "to or from it are half their two-way latency).")
                                 .arg(hosts.join(QStringLiteral(", ")));
}

QString residual(const std::vector<HostClock>& clocks)
{
    const bool checked = std::any_of(clocks.begin(), clocks.end(),
                                     [](const HostClock& c) { return c.residual.checks > 0; });
    if (!checked) {
        return TreeClockView::tr("Residual skew not checked: no proxy hop joins two hosts.");
    }
    const auto worst =
        std::max_element(clocks.begin(), clocks.end(), [](const HostClock& a, const HostClock& b) {
            return a.residual.maxViolationNs < b.residual.maxViolationNs;
        });
    if (worst->residual.maxViolationNs == 0) {
        return TreeClockView::tr("No residual skew: every checked ordering holds.");
    }
    return TreeClockView::tr("Largest residual skew %1 on %2.")
        .arg(formatNanoseconds(static_cast<double>(worst->residual.maxViolationNs)),
             QString::fromStdString(worst->host));
}

} // namespace

TreeClockView::TreeClockView(QWidget* parent)
    : QWidget(parent)
    , m_model(new TreeClockModel(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAlignment(Qt::AlignLeft | Qt::AlignTop); // alone, it stays at the top
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    clear(tr("No run is shown."));
}

void TreeClockView::setClocks(std::vector<HostClock> clocks,
                              std::vector<ClockCorrection> corrections, bool treeRun)
{
    if (clocks.empty()) {
        clear(tr("No clock model is stored with this run: its timestamps are taken as they are, "
                 "and in the timemap each direction of a proxy hop between two hosts is half "
                 "the hop's two-way latency."));
        return;
    }
    QStringList lines{how(clocks, treeRun)};
    if (const QString never = unmeasured(clocks); !never.isEmpty()) {
        lines << never;
    }
    lines << residual(clocks);
    m_summary->setText(lines.join(QLatin1Char(' ')));
    m_model->setClocks(std::move(clocks), std::move(corrections));
    m_table->show();
}

void TreeClockView::clear(const QString& why)
{
    m_summary->setText(why);
    m_model->setClocks({}, {});
    m_table->hide();
}

QString TreeClockView::summary() const
{
    return m_summary->text();
}

} // namespace xylem::views
