#include "views/clockskewview.h"

#include "views/clockskewmodel.h"
#include "views/tablemodel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace xylem::views {

namespace {

QString describe(const std::vector<HostClock>& clocks)
{
    if (clocks.empty()) {
        return ClockSkewView::tr("No clock model is stored with this run.");
    }
    const auto reference =
        std::find_if(clocks.begin(), clocks.end(), [](const HostClock& c) { return c.reference; });
    const auto worst =
        std::max_element(clocks.begin(), clocks.end(), [](const HostClock& a, const HostClock& b) {
            // A violation is charged to both hosts of a pair: on a tie, name the one that is
            // not the reference.
            return std::pair(a.residual.maxViolationNs, !a.reference) <
                   std::pair(b.residual.maxViolationNs, !b.reference);
        });
    const QString onto =
        reference == clocks.end()
            ? ClockSkewView::tr("Clocks of %n host(s).", nullptr, static_cast<int>(clocks.size()))
            : ClockSkewView::tr("Clocks of %n host(s), mapped onto %1.", nullptr,
                                static_cast<int>(clocks.size()))
                  .arg(QString::fromStdString(reference->host));
    if (worst->residual.maxViolationNs == 0) {
        return onto + QLatin1Char(' ') +
               ClockSkewView::tr("No residual skew: every checked ordering holds.");
    }
    return onto + QLatin1Char(' ') +
           ClockSkewView::tr("Largest residual skew %1 on %2.")
               .arg(formatNanoseconds(static_cast<double>(worst->residual.maxViolationNs)),
                    QString::fromStdString(worst->host));
}

} // namespace

ClockSkewView::ClockSkewView(QWidget* parent)
    : QWidget(parent)
    , m_model(new ClockSkewModel(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_summary->setWordWrap(true);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->verticalHeader()->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);
    setClocks({});
}

void ClockSkewView::setClocks(std::vector<HostClock> clocks)
{
    m_summary->setText(describe(clocks));
    m_model->setClocks(std::move(clocks));
    m_table->setVisible(m_model->rowCount() > 0);
}

QString ClockSkewView::summary() const
{
    return m_summary->text();
}

} // namespace xylem::views
